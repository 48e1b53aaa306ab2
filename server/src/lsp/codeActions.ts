// Quick fixes that say what they change: typo fixes for enum values, dropping forbidden fields,
// and placement fixes (tolerate a taint found on nodes, replace the stale master toleration).
import { CodeActionKind } from 'vscode-languageserver/node';
import type { CodeAction, CodeActionParams, Diagnostic, TextEdit } from 'vscode-languageserver/node';
import type { OffsetRange } from '../analysis/types';
import type { Taint, Toleration } from '../core/types';
import type { ParsedDocument } from '../yaml/parse';
import { locatePath } from '../yaml/paths';
import type { Analyzed, Session } from './session';
import { toRange } from './convert';
import type { DiagnosticData } from './convert';
import { TAINT_EFFECTS, TOLERATION_OPERATORS, NODE_SELECTOR_OPERATORS, LABEL_SELECTOR_OPERATORS } from './completion';
import { valueAt } from './yamlView';

const MASTER = 'node-role.kubernetes.io/master';
const CONTROL_PLANE = 'node-role.kubernetes.io/control-plane';

function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[y.length]!;
}

/** The closest valid spelling, when the typo is small enough to be a typo. */
export function closest(value: string, valid: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const v of valid) {
    const d = distance(value, v);
    if (d < bestD) { best = v; bestD = d; }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(best.length / 3)) && best !== value ? best : undefined;
}

function exactRange(doc: ParsedDocument, path: string, part: 'key' | 'value' | 'entry'): OffsetRange | undefined {
  const loc = locatePath(doc, path, part);
  return loc?.exact ? loc.range : undefined;
}

/** Widens an entry to whole lines when it is alone on its lines (block style), so deleting leaves no blank line. */
function wholeLines(text: string, range: OffsetRange): OffsetRange {
  // Block collections end after the next line's indentation: trim back to the entry's own text.
  const r: OffsetRange = [range[0], range[1]];
  while (r[1] > r[0] && /\s/.test(text[r[1] - 1]!)) r[1]--;
  const ls = text.lastIndexOf('\n', r[0] - 1) + 1;
  if (text.slice(ls, r[0]).trim() !== '') return r;
  let le = text.indexOf('\n', r[1]);
  if (le < 0) le = text.length;
  if (text.slice(r[1], le).trim() !== '' && !text.slice(r[1], le).trim().startsWith('#')) return r;
  return [ls, le < text.length ? le + 1 : le];
}

function fix(a: Analyzed, title: string, edits: { range: OffsetRange; newText: string }[], diagnostic?: Diagnostic, preferred = false): CodeAction {
  const textEdits: TextEdit[] = edits.map((e) => ({ range: toRange(a.doc, e.range), newText: e.newText }));
  const action: CodeAction = { title, kind: CodeActionKind.QuickFix, edit: { changes: { [a.uri]: textEdits } } };
  if (diagnostic) action.diagnostics = [diagnostic];
  if (preferred) action.isPreferred = true;
  return action;
}

function taintKey(t: Taint): string {
  return `${t.key}=${t.value ?? ''}:${t.effect}`;
}

function tolerationYaml(t: Taint): string[] {
  const lines = [`key: ${t.key}`];
  if (t.value) lines.push('operator: Equal', `value: ${JSON.stringify(t.value)}`);
  else lines.push('operator: Exists');
  lines.push(`effect: ${t.effect}`);
  return lines;
}

/** An edit that appends a toleration to the pod template (creating `tolerations:` when missing). */
function addTolerationEdit(a: Analyzed, ydoc: ParsedDocument, specPath: string, t: Taint): { range: OffsetRange; newText: string } | undefined {
  const text = a.doc.getText();
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const tolPath = `${specPath}.tolerations`;
  const list = valueAt(ydoc.value, tolPath);
  if (Array.isArray(list) && list.length > 0) {
    const first = exactRange(ydoc, `${tolPath}[0]`, 'value');
    const last = exactRange(ydoc, `${tolPath}[${list.length - 1}]`, 'value');
    if (!first || !last) return undefined;
    const ls = text.lastIndexOf('\n', first[0] - 1) + 1;
    const before = text.slice(ls, first[0]);
    const dash = before.indexOf('-');
    if (dash < 0) {
      // Flow sequence: add before the closing bracket.
      const close = text.indexOf(']', last[1]);
      if (close < 0) return undefined;
      const body = tolerationYaml(t).join(', ');
      return { range: [close, close], newText: `, {${body}}` };
    }
    const indent = ' '.repeat(dash);
    const inner = ' '.repeat(dash + 2);
    let end = last[1];
    while (end > last[0] && /\s/.test(text[end - 1]!)) end--;
    let at = text.indexOf('\n', end);
    at = at < 0 ? text.length : at + 1;
    const [head, ...rest] = tolerationYaml(t);
    const lines = [`${indent}- ${head}`, ...rest.map((l) => `${inner}${l}`)];
    const lead = at === text.length && !text.endsWith('\n') ? eol : '';
    return { range: [at, at], newText: lead + lines.join(eol) + eol };
  }
  const specKey = exactRange(ydoc, specPath, 'key');
  if (!specKey) return undefined;
  const ls = text.lastIndexOf('\n', specKey[0] - 1) + 1;
  const indent = ' '.repeat(specKey[0] - ls + 2);
  let at = text.indexOf('\n', specKey[1]);
  at = at < 0 ? text.length : at + 1;
  const [head, ...rest] = tolerationYaml(t);
  const lines = [`${indent}tolerations:`, `${indent}- ${head}`, ...rest.map((l) => `${indent}  ${l}`)];
  const lead = at === text.length && !text.endsWith('\n') ? eol : '';
  return { range: [at, at], newText: lead + lines.join(eol) + eol };
}

export function codeActionsFor(a: Analyzed, params: CodeActionParams, session: Session): CodeAction[] {
  const file = session.yaml(a);
  const out: CodeAction[] = [];
  const text = a.doc.getText();

  for (const diag of params.context.diagnostics) {
    if (diag.source !== 'kce') continue;
    const data = diag.data as DiagnosticData | undefined;
    if (!data || typeof data.field !== 'string') continue;
    const ydoc = file.documents.find((d) => d.index === data.documentIndex) ?? file.documents.find((d) => d.range[0] <= a.doc.offsetAt(diag.range.start) && a.doc.offsetAt(diag.range.start) <= d.range[1]);
    if (!ydoc) continue;
    const field = data.field;
    const parent = field.replace(/\.[^.[\]]+$/, '');
    const v = valueAt(ydoc.value, field);

    // Typos in enum values.
    let valid: readonly string[] | undefined;
    if (/\.tolerations\[\d+\]\.effect$/.test(field)) valid = TAINT_EFFECTS;
    else if (/\.tolerations\[\d+\]\.operator$/.test(field)) valid = TOLERATION_OPERATORS;
    else if (/(nodeSelectorTerms\[\d+\]|\.preference)\.matchExpressions\[\d+\]\.operator$/.test(field)) valid = NODE_SELECTOR_OPERATORS;
    else if (/\.matchExpressions\[\d+\]\.operator$/.test(field)) valid = LABEL_SELECTOR_OPERATORS;
    if (valid && typeof v === 'string') {
      const best = closest(v, valid);
      const r = exactRange(ydoc, field, 'value');
      if (best && r) out.push(fix(a, `Change ${v} to ${best}`, [{ range: r, newText: best }], diag, true));
    }

    // values with Exists / DoesNotExist.
    const op = valueAt(ydoc.value, `${parent}.operator`);
    if (/\.values$/.test(field) && (op === 'Exists' || op === 'DoesNotExist')) {
      const r = exactRange(ydoc, field, 'entry');
      if (r) out.push(fix(a, `Remove values (operator ${op} takes none)`, [{ range: wholeLines(text, r), newText: '' }], diag, true));
    }
    // A toleration value with Exists.
    if (/\.tolerations\[\d+\]\.value$/.test(field) && op === 'Exists') {
      const r = exactRange(ydoc, field, 'entry');
      if (r) out.push(fix(a, 'Remove value (operator Exists takes none)', [{ range: wholeLines(text, r), newText: '' }], diag, true));
    }

    // tolerationSeconds only applies to NoExecute.
    if (/\.tolerations\[\d+\]\.(tolerationSeconds|effect)$/.test(field)) {
      const tol = valueAt(ydoc.value, parent) as Toleration | undefined;
      if (tol && typeof tol === 'object' && tol.tolerationSeconds != null && tol.effect !== 'NoExecute') {
        const eff = exactRange(ydoc, `${parent}.effect`, 'value');
        if (eff) out.push(fix(a, 'Set effect: NoExecute (tolerationSeconds only applies to NoExecute)', [{ range: eff, newText: 'NoExecute' }], diag));
        const secs = exactRange(ydoc, `${parent}.tolerationSeconds`, 'entry');
        if (secs) out.push(fix(a, 'Remove tolerationSeconds', [{ range: wholeLines(text, secs), newText: '' }], diag));
      }
    }
  }

  // Placement fixes for the document under the cursor.
  const at = a.doc.offsetAt(params.range.start);
  const d = a.analysis.documents.find((x) => x.range[0] <= at && at <= x.range[1]);
  const ydoc = d ? file.documents.find((x) => x.index === d.index) : undefined;
  if (d?.placement && ydoc) {
    const specPath = 'spec.template.spec';
    // Stale master toleration.
    const tols = valueAt(ydoc.value, `${specPath}.tolerations`);
    if (Array.isArray(tols)) {
      tols.forEach((t: unknown, i: number) => {
        if (t && typeof t === 'object' && (t as Toleration).key === MASTER) {
          const r = exactRange(ydoc, `${specPath}.tolerations[${i}].key`, 'value');
          const gained = d.placement!.placements.filter((p) => !p.shouldRun && p.reasons.length > 0 && p.reasons.every((x) => x.code === 'TaintNotTolerated' && x.taint?.key === CONTROL_PLANE)).length;
          if (r) out.push(fix(a, `Replace the ${MASTER} toleration by ${CONTROL_PLANE}${gained ? ` — +${gained} node${gained === 1 ? '' : 's'}` : ''}`, [{ range: r, newText: CONTROL_PLANE }]));
        }
      });
    }
    // Untolerated taints: one action per distinct taint, counting nodes that only that taint keeps off.
    const byTaint = new Map<string, { taint: Taint; nodes: number }>();
    for (const p of d.placement.placements) {
      if (p.shouldRun) continue;
      const blocking = p.reasons.filter((r) => r.code === 'TaintNotTolerated' && r.taint);
      for (const r of blocking) {
        const k = taintKey(r.taint!);
        const e = byTaint.get(k) ?? { taint: r.taint!, nodes: 0 };
        if (p.reasons.length === 1) e.nodes++;
        byTaint.set(k, e);
      }
    }
    for (const { taint, nodes } of byTaint.values()) {
      const edit = addTolerationEdit(a, ydoc, specPath, taint);
      const desc = `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;
      if (edit) out.push(fix(a, `Add a toleration for ${desc} — +${nodes} node${nodes === 1 ? '' : 's'}`, [edit]));
    }
  }
  return out;
}
