// Quick fixes that say what they change: typo fixes for enum values, dropping forbidden fields,
// and placement fixes (tolerate a taint found on nodes, replace the stale master toleration).
import { CodeActionKind } from 'vscode-languageserver/node';
import type { CodeAction, CodeActionParams, Diagnostic, TextEdit } from 'vscode-languageserver/node';
import type { OffsetRange } from '../analysis/types';
import type { Taint, Toleration } from '../core/types';
import { child, key as mapKey } from '../core/fieldPath';
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

type OffsetEdit = { range: OffsetRange; newText: string };

/**
 * How many more (or fewer) nodes the DaemonSet of a document runs on once the edits are applied:
 * the edited text is analysed again (unchanged documents are reused), so a title states the real effect.
 */
function placementDelta(a: Analyzed, session: Session, documentIndex: number | undefined, edits: OffsetEdit[]): number | undefined {
  const before = a.analysis.documents.find((d) => d.index === documentIndex)?.placement;
  if (!before) return undefined;
  const ctx = a.analysis.context ?? { nodes: a.nodes, gates: a.gates, insights: a.settings.insights.enabled, inventoryLabel: session.inventoryLabel() };
  const text = a.doc.getText();
  let edited = text;
  for (const e of [...edits].sort((x, y) => y.range[0] - x.range[0])) edited = edited.slice(0, e.range[0]) + e.newText + edited.slice(e.range[1]);
  try {
    const after = session.deps.analyzeText(edited, ctx, a.analysis).documents.find((d) => d.index === documentIndex)?.placement;
    return after ? after.shouldRun - before.shouldRun : undefined;
  } catch {
    return undefined;
  }
}

function nodesSuffix(delta: number | undefined): string {
  if (!delta) return '';
  const n = Math.abs(delta);
  return ` — ${delta > 0 ? '+' : '−'}${n} node${n === 1 ? '' : 's'}`;
}

interface FixOptions { diagnostics?: Diagnostic[]; preferred?: boolean; documentIndex?: number | undefined }

function fix(a: Analyzed, session: Session, title: string, edits: OffsetEdit[], opts: FixOptions = {}): CodeAction {
  const textEdits: TextEdit[] = edits.map((e) => ({ range: toRange(a.doc, e.range), newText: e.newText }));
  const full = title + nodesSuffix(placementDelta(a, session, opts.documentIndex, edits));
  const action: CodeAction = { title: full, kind: CodeActionKind.QuickFix, edit: { changes: { [a.uri]: textEdits } } };
  if (opts.diagnostics?.length) action.diagnostics = opts.diagnostics;
  if (opts.preferred) action.isPreferred = true;
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

/** A label key or value as YAML that reads back as the same string (quoted when YAML would read a number, bool or null). */
function yamlString(v: string): string {
  const plain = /^[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?$/.test(v) &&
    !/^(y|yes|n|no|true|false|on|off|null|~|[-+]?(\.?[0-9][0-9_.]*([eE][-+]?[0-9]+)?|0x[0-9a-fA-F_]+|0o?[0-7_]+|\.inf|\.nan))$/i.test(v);
  return plain ? v : JSON.stringify(v);
}

function lineStartOf(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** The offset right after the line holding the end of `range` (trailing blanks of block entries ignored). */
function afterLine(text: string, range: OffsetRange): number {
  let end = range[1];
  while (end > range[0] && /\s/.test(text[end - 1]!)) end--;
  const nl = text.indexOf('\n', end);
  return nl < 0 ? text.length : nl + 1;
}

/** Lines inserted at `at`, with a line break first when `at` is the end of a text without a final one. */
function insertLines(text: string, at: number, lines: string[]): OffsetEdit {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lead = at === text.length && text.length > 0 && !text.endsWith('\n') ? eol : '';
  return { range: [at, at], newText: lead + lines.join(eol) + eol };
}

/**
 * Edits that give the pod template every label of `spec.selector.matchLabels`: change a label with
 * another value, add missing ones to the labels block, or create the block (and `metadata`) when absent.
 */
function templateLabelsEdits(text: string, ydoc: ParsedDocument): { edits: OffsetEdit[]; changes: string[] } | undefined {
  const want = valueAt(ydoc.value, 'spec.selector.matchLabels');
  if (!want || typeof want !== 'object' || Array.isArray(want)) return undefined;
  const labelsPath = 'spec.template.metadata.labels';
  const have = valueAt(ydoc.value, labelsPath);
  const haveMap = have && typeof have === 'object' && !Array.isArray(have) ? (have as Record<string, unknown>) : undefined;
  const edits: OffsetEdit[] = [];
  const changes: string[] = [];
  const missing: [string, string][] = [];
  for (const [k, raw] of Object.entries(want as Record<string, unknown>)) {
    const v = raw == null ? '' : String(raw);
    if (haveMap && Object.hasOwn(haveMap, k)) {
      if (String(haveMap[k] ?? '') === v) continue;
      const r = exactRange(ydoc, mapKey(labelsPath, k), 'value');
      if (!r) return undefined;
      edits.push({ range: r, newText: yamlString(v) });
      changes.push(`${k}: ${String(haveMap[k] ?? '')} → ${v}`);
    } else {
      missing.push([k, v]);
      changes.push(`add ${k}: ${v}`);
    }
  }
  if (missing.length === 0) return edits.length ? { edits, changes } : undefined;
  const entries = missing.map(([k, v]) => `${yamlString(k)}: ${yamlString(v)}`);
  const flow = (prefix: string): string => `${prefix}{${entries.join(', ')}}`;

  if (haveMap) {
    const keys = Object.keys(haveMap);
    const valueR = exactRange(ydoc, labelsPath, 'value');
    if (keys.length === 0) {
      // `labels: {}` (or a null value): write the whole map in flow style.
      const r = valueR && text.slice(valueR[0], valueR[1]).trim() === '{}' ? valueR : undefined;
      if (!r) return undefined;
      edits.push({ range: r, newText: flow('') });
      return { edits, changes };
    }
    const firstKey = exactRange(ydoc, mapKey(labelsPath, keys[0]!), 'key');
    const lastEntry = exactRange(ydoc, mapKey(labelsPath, keys[keys.length - 1]!), 'entry');
    if (!firstKey || !lastEntry || !valueR) return undefined;
    if (text[valueR[0]] === '{') {
      const close = text.lastIndexOf('}', valueR[1]);
      if (close < lastEntry[1]) return undefined;
      edits.push({ range: [lastEntry[1], lastEntry[1]], newText: `, ${entries.join(', ')}` });
      return { edits, changes };
    }
    const indent = ' '.repeat(firstKey[0] - lineStartOf(text, firstKey[0]));
    edits.push(insertLines(text, afterLine(text, lastEntry), entries.map((e) => indent + e)));
    return { edits, changes };
  }
  if (have != null) return undefined; // labels of another type: leave it to the type error

  // No labels: add the block under `metadata`, or `metadata` itself under `template`.
  const meta = valueAt(ydoc.value, 'spec.template.metadata');
  const parentPath = meta && typeof meta === 'object' && !Array.isArray(meta) ? 'spec.template.metadata' : meta == null ? 'spec.template' : undefined;
  if (!parentPath) return undefined;
  const parent = valueAt(ydoc.value, parentPath);
  const parentKey = exactRange(ydoc, parentPath, 'key');
  const parentValue = exactRange(ydoc, parentPath, 'value');
  if (!parentKey || !parentValue || !parent || typeof parent !== 'object') return undefined;
  const block = parentPath === 'spec.template' ? ['metadata:', '  labels:', ...entries.map((e) => `    ${e}`)] : ['labels:', ...entries.map((e) => `  ${e}`)];
  if (text[parentValue[0]] === '{') {
    const inner = parentPath === 'spec.template' ? `metadata: {labels: ${flow('')}}` : `labels: ${flow('')}`;
    const empty = Object.keys(parent).length === 0;
    edits.push({ range: [parentValue[0] + 1, parentValue[0] + 1], newText: empty ? inner : `${inner}, ` });
    return { edits, changes };
  }
  // Block mapping: the children's indentation is that of the first key in it.
  const firstChild = Object.keys(parent)[0];
  const childKey = firstChild !== undefined ? exactRange(ydoc, child(parentPath, firstChild), 'key') : undefined;
  const keyCol = parentKey[0] - lineStartOf(text, parentKey[0]);
  const col = childKey ? childKey[0] - lineStartOf(text, childKey[0]) : keyCol + 2;
  if (col <= keyCol) return undefined;
  const at = afterLine(text, [parentKey[0], parentKey[1]]);
  edits.push(insertLines(text, at, block.map((l) => ' '.repeat(col) + l)));
  return { edits, changes };
}

export function codeActionsFor(a: Analyzed, params: CodeActionParams, session: Session): CodeAction[] {
  const file = session.yaml(a);
  const out: CodeAction[] = [];
  const text = a.doc.getText();
  const kceDiagnostics = params.context.diagnostics.filter((d) => d.source === 'kce');

  for (const diag of kceDiagnostics) {
    const data = diag.data as DiagnosticData | undefined;
    if (!data || typeof data.field !== 'string') continue;
    const ydoc = file.documents.find((d) => d.index === data.documentIndex) ?? file.documents.find((d) => d.range[0] <= a.doc.offsetAt(diag.range.start) && a.doc.offsetAt(diag.range.start) <= d.range[1]);
    if (!ydoc) continue;
    const on = { diagnostics: [diag], documentIndex: ydoc.index };
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
      if (best && r) out.push(fix(a, session, `Change ${v} to ${best}`, [{ range: r, newText: best }], { ...on, preferred: true }));
    }

    // values with Exists / DoesNotExist.
    const op = valueAt(ydoc.value, `${parent}.operator`);
    if (/\.values$/.test(field) && (op === 'Exists' || op === 'DoesNotExist')) {
      const r = exactRange(ydoc, field, 'entry');
      if (r) out.push(fix(a, session, `Remove values (operator ${op} takes none)`, [{ range: wholeLines(text, r), newText: '' }], { ...on, preferred: true }));
    }
    // A toleration value with Exists.
    // kube-apiserver reports it on `operator`; other checks may point at `value`.
    const tolValue = valueAt(ydoc.value, `${parent}.value`);
    if (/\.tolerations\[\d+\]\.(value|operator)$/.test(field) && op === 'Exists' && tolValue != null && tolValue !== '') {
      const r = exactRange(ydoc, `${parent}.value`, 'entry');
      if (r) out.push(fix(a, session, 'Remove value (operator Exists takes none)', [{ range: wholeLines(text, r), newText: '' }], { ...on, preferred: true }));
    }

    // tolerationSeconds only applies to NoExecute: two honest choices, neither preferred.
    if (/\.tolerations\[\d+\]\.(tolerationSeconds|effect)$/.test(field)) {
      const tol = valueAt(ydoc.value, parent) as Toleration | undefined;
      if (tol && typeof tol === 'object' && tol.tolerationSeconds != null && tol.effect !== 'NoExecute') {
        const eff = exactRange(ydoc, `${parent}.effect`, 'value');
        if (eff) out.push(fix(a, session, 'Set effect: NoExecute (tolerationSeconds only applies to NoExecute)', [{ range: eff, newText: 'NoExecute' }], on));
        const secs = exactRange(ydoc, `${parent}.tolerationSeconds`, 'entry');
        if (secs) out.push(fix(a, session, 'Remove tolerationSeconds', [{ range: wholeLines(text, secs), newText: '' }], on));
      }
    }

    // The selector must select the template's labels; the selector is immutable, so change the labels.
    if (field === 'spec.template.metadata.labels' && /`selector` does not match template `labels`/.test(typeof diag.message === 'string' ? diag.message : diag.message.value)) {
      const r = templateLabelsEdits(text, ydoc);
      if (r) out.push(fix(a, session, `Make template labels match the selector (${r.changes.join(', ')})`, r.edits, { ...on, preferred: true }));
    }
  }

  // Placement fixes for the document under the cursor.
  const at = a.doc.offsetAt(params.range.start);
  const d = a.analysis.documents.find((x) => x.range[0] <= at && at <= x.range[1]);
  const ydoc = d ? file.documents.find((x) => x.index === d.index) : undefined;
  if (d?.placement && ydoc) {
    const specPath = 'spec.template.spec';
    const inDoc = (x: Diagnostic): boolean => (x.data as DiagnosticData | undefined)?.documentIndex === d.index;
    // Stale master toleration.
    const tols = valueAt(ydoc.value, `${specPath}.tolerations`);
    if (Array.isArray(tols)) {
      tols.forEach((t: unknown, i: number) => {
        if (t && typeof t === 'object' && (t as Toleration).key === MASTER) {
          const r = exactRange(ydoc, `${specPath}.tolerations[${i}].key`, 'value');
          const path = `${specPath}.tolerations[${i}]`;
          const related = kceDiagnostics.filter((x) => inDoc(x) && x.code === 'kce.deprecatedMasterToleration' && (x.data as DiagnosticData).field.startsWith(path));
          if (r) out.push(fix(a, session, `Replace the ${MASTER} toleration by ${CONTROL_PLANE}`, [{ range: r, newText: CONTROL_PLANE }], { diagnostics: related, preferred: true, documentIndex: d.index }));
        }
      });
    }
    // Untolerated taints: one action per distinct taint found on nodes that do not run the pod.
    const byTaint = new Map<string, Taint>();
    for (const p of d.placement.placements) {
      if (p.shouldRun) continue;
      for (const r of p.reasons) if (r.code === 'TaintNotTolerated' && r.taint) byTaint.set(taintKey(r.taint), r.taint);
    }
    const nowhere = kceDiagnostics.filter((x) => inDoc(x) && x.code === 'kce.runsNowhere');
    for (const taint of byTaint.values()) {
      const edit = addTolerationEdit(a, ydoc, specPath, taint);
      const desc = `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;
      if (edit) out.push(fix(a, session, `Add a toleration for ${desc}`, [edit], { diagnostics: nowhere, documentIndex: d.index }));
    }
  }
  return out;
}
