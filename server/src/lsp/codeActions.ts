// Quick fixes for the diagnostics under the cursor or selection only (`context.diagnostics`). Each fix is chosen
// by the diagnostic's code and the document's structured data (never by its English message), makes its edit
// through yaml/edit.ts, and says in its title what it does to placement ("no change in placement" included).
import { CodeActionKind } from 'vscode-languageserver/node';
import type { CodeAction, CodeActionParams, Diagnostic, Range, TextEdit } from 'vscode-languageserver/node';
import type { Taint, Toleration } from '../core/types';
import type { ProblemCode } from '../codes/index';
import type { ParsedDocument } from '../yaml/parse';
import {
  appendToleration, applyEdits, exactRange, matchTemplateLabels, quoteScalar, removeEntry, replaceValue, templateLabelsMatchSelector,
} from '../yaml/edit';
import type { OffsetEdit } from '../yaml/edit';
import type { Analyzed, Session } from './session';
import { toRange } from './convert';
import type { DiagnosticData } from './convert';
import { TAINT_EFFECTS, TOLERATION_OPERATORS, NODE_SELECTOR_OPERATORS, LABEL_SELECTOR_OPERATORS } from './completion';
import { valueAt } from './yamlView';
import { findAnalysis, listItemAt } from '../analysis/lists';

const MASTER = 'node-role.kubernetes.io/master';
const CONTROL_PLANE = 'node-role.kubernetes.io/control-plane';
const POD_SPEC = 'spec.template.spec';

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

/** Words people write for an operator that are not typos of it (`Within` is not close to `In`). */
const OPERATOR_SYNONYMS: Record<string, string> = {
  within: 'In', contains: 'In', oneof: 'In', notwithin: 'NotIn', notcontains: 'NotIn', exist: 'Exists',
  equals: 'Equal', eq: 'Equal', '=': 'Equal', '==': 'Equal', notexists: 'DoesNotExist',
};

/** The closest valid spelling, when the typo is small enough to be a typo (or a known synonym). */
export function closest(value: string, valid: readonly string[]): string | undefined {
  const synonym = OPERATOR_SYNONYMS[value.toLowerCase()];
  if (synonym && valid.includes(synonym)) return synonym;
  let best: string | undefined;
  let bestD = Infinity;
  for (const v of valid) {
    const d = distance(value, v);
    if (d < bestD) { best = v; bestD = d; }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(best.length / 3)) && best !== value ? best : undefined;
}

/** What a fix proposes, before its placement effect is measured. */
interface Fix { title: string; edits: OffsetEdit[]; preferred?: boolean }

/** Everything a fixer may read: the diagnostic's field, the document (value and tree) and the whole text. */
interface FixInput { field: string; ydoc: ParsedDocument; text: string; diag: Diagnostic; a: Analyzed }

type Fixer = (i: FixInput) => Fix[];

const parentOf = (field: string): string => field.replace(/\.[^.[\]]+$/, '');

function validValuesFor(field: string): readonly string[] | undefined {
  if (/\.tolerations\[\d+\]\.effect$/.test(field)) return TAINT_EFFECTS;
  if (/\.tolerations\[\d+\]\.operator$/.test(field)) return TOLERATION_OPERATORS;
  if (/(nodeSelectorTerms\[\d+\]|\.preference)\.matchExpressions\[\d+\]\.operator$/.test(field)) return NODE_SELECTOR_OPERATORS;
  if (/\.matchExpressions\[\d+\]\.operator$/.test(field)) return LABEL_SELECTOR_OPERATORS;
  return undefined;
}

/** An effect or operator spelt wrong (`NoSchedul`, `exists`, `Within`). */
const enumSpelling: Fixer = ({ field, ydoc }) => {
  const valid = validValuesFor(field);
  const v = valueAt(ydoc.value, field);
  if (!valid || typeof v !== 'string') return [];
  const best = closest(v, valid);
  const e = best ? replaceValue(ydoc, field, best) : undefined;
  return e ? [{ title: `Change ${v} to ${best}`, edits: [e], preferred: true }] : [];
};

/** A DaemonSet's pods must restart Always. */
const restartPolicy: Fixer = ({ field, ydoc }) => {
  if (field !== `${POD_SPEC}.restartPolicy`) return [];
  const v = valueAt(ydoc.value, field);
  const e = replaceValue(ydoc, field, 'Always');
  return e ? [{ title: `Change restartPolicy ${typeof v === 'string' && v ? `${v} ` : ''}to Always`, edits: [e], preferred: true }] : [];
};

/** `values` with Exists / DoesNotExist. */
const valuesWithExists: Fixer = ({ field, ydoc, text }) => {
  const op = valueAt(ydoc.value, `${parentOf(field)}.operator`);
  if (!/\.values$/.test(field) || (op !== 'Exists' && op !== 'DoesNotExist')) return [];
  const e = removeEntry(text, ydoc, field);
  return e ? [{ title: `Remove values (operator ${op} takes none)`, edits: [e], preferred: true }] : [];
};

/** A toleration value with Exists: kube-apiserver reports it on `operator`. */
const tolerationValueWithExists: Fixer = ({ field, ydoc, text }) => {
  if (!/\.tolerations\[\d+\]\.(value|operator)$/.test(field)) return [];
  const parent = parentOf(field);
  const v = valueAt(ydoc.value, `${parent}.value`);
  if (valueAt(ydoc.value, `${parent}.operator`) !== 'Exists' || v == null || v === '') return [];
  const e = removeEntry(text, ydoc, `${parent}.value`);
  return e ? [{ title: 'Remove value (operator Exists takes none)', edits: [e], preferred: true }] : [];
};

/** tolerationSeconds only applies to NoExecute: two honest choices, neither preferred. */
const tolerationSeconds: Fixer = ({ field, ydoc, text }) => {
  if (!/\.tolerations\[\d+\]\.(tolerationSeconds|effect)$/.test(field)) return [];
  const parent = parentOf(field);
  const tol = valueAt(ydoc.value, parent) as Toleration | undefined;
  if (!tol || typeof tol !== 'object' || tol.tolerationSeconds == null || tol.effect === 'NoExecute') return [];
  const out: Fix[] = [];
  const eff = replaceValue(ydoc, `${parent}.effect`, 'NoExecute');
  if (eff) out.push({ title: 'Set effect: NoExecute (tolerationSeconds only applies to NoExecute)', edits: [eff] });
  const secs = removeEntry(text, ydoc, `${parent}.tolerationSeconds`);
  if (secs) out.push({ title: 'Remove tolerationSeconds', edits: [secs] });
  return out;
};

/** The selector must select the template's labels; the selector is immutable, so the labels change. */
const templateLabels: Fixer = ({ field, ydoc, text }) => {
  if (field !== 'spec.template.metadata.labels' || templateLabelsMatchSelector(ydoc)) return [];
  const r = matchTemplateLabels(text, ydoc);
  return r ? [{ title: `Make template labels match the selector (${r.changes.join(', ')})`, edits: r.edits, preferred: true }] : [];
};

const isZero = (v: unknown): boolean => v === 0 || v === '0' || v === '0%';

/** maxSurge and maxUnavailable both zero: the rollout could never progress; 1 is the API default. */
const bothZeroRollingUpdate: Fixer = ({ field, ydoc }) => {
  const ru = 'spec.updateStrategy.rollingUpdate';
  if (field !== `${ru}.maxUnavailable` && field !== `${ru}.maxSurge`) return [];
  if (!isZero(valueAt(ydoc.value, `${ru}.maxUnavailable`)) || !isZero(valueAt(ydoc.value, `${ru}.maxSurge`) ?? 0)) return [];
  const e = replaceValue(ydoc, `${ru}.maxUnavailable`, '1');
  return e ? [{ title: 'Set maxUnavailable to 1 (the default: one node at a time)', edits: [e], preferred: true }] : [];
};

/** An unquoted `yes`, `on`, `0755`… that kubectl reads as a bool or a number: quote it. */
const yaml11Quote: Fixer = ({ field, ydoc, text, diag, a }) => {
  const keyR = exactRange(ydoc, field, 'key');
  const isKey = !!keyR && a.doc.offsetAt(diag.range.start) === keyR[0] && (exactRange(ydoc, field, 'value')?.[0] ?? -1) !== keyR[0];
  const e = quoteScalar(text, ydoc, field, isKey);
  return e ? [{ title: `Write ${e.newText} in quotes so kubectl reads a string`, edits: [e], preferred: true }] : [];
};

/** Every toleration of the stale master key, replaced by control-plane. */
const masterToControlPlane: Fixer = ({ field, ydoc }) => {
  const m = /^(.*\.tolerations\[\d+\])/.exec(field);
  if (!m || (valueAt(ydoc.value, m[1]!) as Toleration | undefined)?.key !== MASTER) return [];
  const e = replaceValue(ydoc, `${m[1]}.key`, CONTROL_PLANE);
  return e ? [{ title: `Replace the ${MASTER} toleration by ${CONTROL_PLANE}`, edits: [e], preferred: true }] : [];
};

/** A DaemonSet that runs nowhere: one fix per distinct taint that keeps it off nodes. */
const tolerateTaints: Fixer = ({ ydoc, text, a }) => {
  const d = findAnalysis(a.analysis.documents, ydoc.index, ydoc.item);
  if (!d?.placement) return [];
  const byTaint = new Map<string, Taint>();
  for (const p of d.placement.placements) {
    if (p.shouldRun) continue;
    for (const r of p.reasons) if (r.code === 'TaintNotTolerated' && r.taint) byTaint.set(`${r.taint.key}=${r.taint.value ?? ''}:${r.taint.effect}`, r.taint);
  }
  const out: Fix[] = [];
  for (const t of byTaint.values()) {
    const e = appendToleration(text, ydoc, POD_SPEC, t);
    if (e) out.push({ title: `Add a toleration for ${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`, edits: [e] });
  }
  return out;
};

/** The fixers of each diagnostic code of the registry (codes/): a code not listed here has no mechanical fix. */
const FIXERS: Partial<Record<ProblemCode, Fixer[]>> = {
  FieldValueNotSupported: [enumSpelling, restartPolicy],
  FieldValueInvalid: [enumSpelling, tolerationValueWithExists, tolerationSeconds, templateLabels],
  FieldValueForbidden: [valuesWithExists],
  FieldValueRequired: [bothZeroRollingUpdate],
  'kce.yaml11Scalar': [yaml11Quote],
  'kce.deprecatedMasterToleration': [masterToControlPlane],
  'kce.runsNowhere': [tolerateTaints],
};

/** The codes that have at least one fixer (the tests check each one is exercised). */
export const FIXABLE_CODES = Object.keys(FIXERS);

/**
 * How many more (or fewer) nodes the DaemonSet of a document runs on once the edits are applied:
 * the edited text is analysed again (unchanged documents are reused), so a title states the real effect.
 */
function placementDelta(a: Analyzed, session: Session, ydoc: ParsedDocument, edits: OffsetEdit[]): number | undefined {
  const before = findAnalysis(a.analysis.documents, ydoc.index, ydoc.item)?.placement;
  if (!before) return undefined;
  const ctx = a.analysis.context ?? { nodes: a.nodes, gates: a.gates, insights: a.settings.insights.enabled, inventoryLabel: session.inventoryLabel() };
  try {
    const again = session.deps.analyzeText(applyEdits(a.doc.getText(), edits), ctx, a.analysis).documents;
    const after = findAnalysis(again, ydoc.index, ydoc.item)?.placement;
    return after ? after.shouldRun - before.shouldRun : undefined;
  } catch {
    return undefined;
  }
}

/** The placement part of a title; nothing for documents that are not placed (a Pod, a broken DaemonSet). */
export function placementEffect(delta: number | undefined): string {
  if (delta === undefined) return '';
  if (delta === 0) return ' — no change in placement';
  const n = Math.abs(delta);
  return ` — runs on ${n} ${delta > 0 ? 'more' : 'fewer'} node${n === 1 ? '' : 's'}`;
}

function intersects(a: Range, b: Range): boolean {
  const before = (x: Range['start'], y: Range['start']): boolean => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function codeActionsFor(a: Analyzed, params: CodeActionParams, session: Session): CodeAction[] {
  const file = session.yaml(a);
  const text = a.doc.getText();
  const out: CodeAction[] = [];
  const byEdit = new Map<string, CodeAction>();
  // Only the diagnostics the client says are under the cursor or selection, and only ours.
  const under = params.context.diagnostics.filter((d) => d.source === 'kce' && intersects(d.range, params.range));
  for (const diag of under) {
    const data = diag.data as DiagnosticData | undefined;
    const fixers = typeof diag.code === 'string' ? FIXERS[diag.code as ProblemCode] : undefined;
    if (!fixers || !data || typeof data.field !== 'string') continue;
    const at = a.doc.offsetAt(diag.range.start);
    const found =
      file.documents.find((d) => d.index === data.documentIndex) ??
      file.documents.find((d) => d.range[0] <= at && at <= d.range[1]);
    if (!found) continue;
    const ydoc = listItemAt(found, at); // in a List, fields are the item's
    for (const fixer of fixers) {
      for (const f of fixer({ field: data.field, ydoc, text, diag, a })) {
        // Two diagnostics under the cursor may lead to the same edit: offer it once, naming both.
        const id = JSON.stringify(f.edits);
        const twin = byEdit.get(id);
        if (twin) { twin.diagnostics = [...(twin.diagnostics ?? []), diag]; continue; }
        const edits: TextEdit[] = f.edits.map((e) => ({ range: toRange(a.doc, e.range), newText: e.newText }));
        const action: CodeAction = {
          title: f.title + placementEffect(placementDelta(a, session, ydoc, f.edits)),
          kind: CodeActionKind.QuickFix,
          diagnostics: [diag],
          edit: { changes: { [a.uri]: edits } },
        };
        if (f.preferred) action.isPreferred = true;
        byEdit.set(id, action);
        out.push(action);
      }
    }
  }
  return out;
}
