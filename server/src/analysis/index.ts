// One analysis of a YAML text: parse with positions, decode, validate like kube-apiserver,
// add insights and placement. Shared by the `kce` CLI and the language server.
import type { DaemonSet, FieldError, Insight, NodeInfo, NodePlacement, PodSpec } from '../core/types';
import type { FeatureGates } from '../core/k8sVersion';
import { compilePlacement } from '../core/placement';
import { podSpecInsights } from '../core/insights';
import { hasWorkloadValidation, validatePodSpecScheduling, validateWorkload } from '../core/validation';
import { key, parseFieldPath } from '../core/fieldPath';
import { parseYamlDocumentSteps, rebaseDocument, splitYamlDocuments, withinBudget } from '../yaml/parse';
import type { ParsedDocument } from '../yaml/parse';
import { parseOptionsFor, textTooLong } from '../yaml/parse';
import { runSteps } from '../yaml/steps';
import { DEFAULT_BUDGETS, raiseHint, sameBudgets, type Budgets } from '../yaml/budgets';
import { rangeOfPath } from '../yaml/paths';
import { decodeTyped, unknownFieldMessage } from '../yaml/decode';
import { findYaml11Traps } from '../yaml/scalars';
import { REMOVED_API_DOCS, removedApiVersion } from '../core/validation/apiVersions';
import { analyzeListDocument, isListDocument } from './lists';
import { docUrlFor } from './docLinks';
import { podSpecPathFor } from './podSpecPath';
import { LazyDaemonScheduling, wouldBePendingInsights } from './daemonScheduling';
import { schedulingGeneration } from './scheduling';
import { workloadSourceOf } from './workloads';
import { isObject, valueAtPath as valueAt } from '../core/values';
import type { AnalysisContext, DocumentAnalysis, FileAnalysis, OffsetRange, PlacementSummary, Problem } from './types';

export type { AnalysisContext, DocumentAnalysis, FileAnalysis, Problem } from './types';

/** Block entries end after their line break and the next line's indent: squiggle the content only. */
function trimEnd(doc: ParsedDocument, [start, end]: OffsetRange): OffsetRange {
  let e = end;
  while (e > start && /\s/.test(doc.text[e - 1 - doc.base] ?? '')) e--;
  return [start, e];
}

/** Range of a field in a document: the value when the field exists, else the key of the nearest ancestor. */
function fieldRange(doc: ParsedDocument, field: string, part: 'key' | 'value' | 'entry' = 'value'): OffsetRange {
  if (field) {
    const r = rangeOfPath(doc, field, part);
    if (r) return trimEnd(doc, r);
  }
  // The first line of the document's content.
  const start = doc.range[0];
  const nl = doc.text.indexOf('\n');
  return [start, start + (nl < 0 ? doc.text.length : nl)];
}

/** Plain value at a field path of a document (brackets index lists or key maps). */
function plainAt(value: unknown, path: string): unknown {
  let cur = value;
  for (const step of parseFieldPath(path)) {
    if (!cur || typeof cur !== 'object') return undefined;
    const k = 'field' in step ? step.field : step.bracket;
    cur = Array.isArray(cur) ? cur[Number(k)] : (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/**
 * kube-apiserver reports a bad label/annotation/nodeSelector entry at the map itself with the key or
 * value as bad value: find that entry so the squiggle sits on it, not on the whole map.
 */
function mapEntryRange(doc: ParsedDocument, e: FieldError): OffsetRange | undefined {
  if (typeof e.badValue !== 'string') return undefined;
  // Pod template labels are reported as `spec.template.labels` although they are written under `metadata`.
  const field = plainAt(doc.value, e.field) === undefined ? e.field.replace(/\.(labels|annotations)$/, '.metadata.$1') : e.field;
  const map = plainAt(doc.value, field);
  if (!isObject(map)) return undefined;
  if (Object.prototype.hasOwnProperty.call(map, e.badValue)) return rangeOfPath(doc, key(field, e.badValue), 'key');
  const k = firstKeyByValue(map).get(e.badValue);
  return k === undefined ? undefined : rangeOfPath(doc, key(field, k), 'value');
}

// The first key holding each string value of a decoded map, built once per map: 20,000 bad values cost
// 20,000 lookups, not 20,000 scans of the map.
const keysByValue = new WeakMap<object, Map<string, string>>();

function firstKeyByValue(map: Record<string, unknown>): Map<string, string> {
  let m = keysByValue.get(map);
  if (!m) {
    m = new Map();
    for (const [k, v] of Object.entries(map)) if (typeof v === 'string' && !m.has(v)) m.set(v, k);
    keysByValue.set(map, m);
  }
  return m;
}

function fromFieldError(doc: ParsedDocument, e: FieldError): Problem {
  // A missing field is reported on the nearest existing ancestor's key; a bad value on the value itself.
  const part = e.reason === 'FieldValueRequired' ? 'key' : 'value';
  const entry = mapEntryRange(doc, e);
  return {
    severity: 'error',
    code: e.reason,
    field: e.field,
    type: e.type,
    message: e.message,
    range: entry ?? fieldRange(doc, e.field, part),
    docUrl: docUrlFor(e.field),
  };
}

function fromInsight(doc: ParsedDocument, i: Insight): Problem {
  const part = /\[\d+\]$/.test(i.field) || i.field.endsWith('Terms') ? 'entry' : 'value';
  return { severity: i.severity, code: i.code, field: i.field, message: i.message, range: fieldRange(doc, i.field, part), note: i.note ?? i.code, docUrl: docUrlFor(i.field) };
}

/**
 * Counts now, rows on demand: a 1,000-document file over 5,000 nodes would otherwise hold five million
 * rows. The rows are computed once, when a hover, a view or the CLI first asks for them.
 */
class LazyPlacementSummary implements PlacementSummary {
  private rows: NodePlacement[] | undefined;
  constructor(
    readonly nodes: number,
    readonly shouldRun: number,
    readonly shouldContinueRunning: number,
    private readonly compute: () => NodePlacement[],
  ) {}

  get placements(): NodePlacement[] {
    return (this.rows ??= this.compute());
  }
}

function summarizePlacement(
  ds: DaemonSet,
  nodes: readonly NodeInfo[],
  gates: FeatureGates,
): { summary: PlacementSummary; classes: Uint8Array } {
  const compiled = compilePlacement(ds, gates);
  let shouldRun = 0;
  let shouldContinueRunning = 0;
  // The decision per node, kept (a byte each) for the scheduler stage, which evaluates only shouldRun nodes.
  const classes = new Uint8Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const c = compiled.classify(nodes[i]!);
    classes[i] = c;
    if (c & 2) shouldRun++;
    if (c & 1) shouldContinueRunning++;
  }
  const summary = new LazyPlacementSummary(nodes.length, shouldRun, shouldContinueRunning,
    () => nodes.map((n) => compiled.evaluate(n)));
  return { summary, classes };
}

const YAML11_WORDS: Record<string, string> = { bool: 'a boolean', int: 'an integer', float: 'a number' };

/** Budgets of one analysis (yaml/budgets.ts); the setting that raises each is named in its diagnostic. */
export interface AnalysisLimits extends Omit<Budgets, 'documentAnalysisMs'> {
  /** Milliseconds one document may take; checked between stages (decode, validation, insights, placement). */
  documentMs: number;
}

export const DEFAULT_ANALYSIS_LIMITS: Readonly<AnalysisLimits> = Object.freeze({
  ...DEFAULT_BUDGETS, documentMs: DEFAULT_BUDGETS.documentAnalysisMs,
});

// The stages not run once a document is over its time budget, said in one located warning.
function overBudget(doc: ParsedDocument, started: number, limits: AnalysisLimits, skipped: string): Problem {
  const ms = Math.round(performance.now() - started);
  return {
    severity: 'warning',
    code: 'yaml.analysisTime',
    field: '',
    message:
      `analysis of this document stopped after ${ms} ms, over the ${limits.documentMs} ms limit: ` +
      `${skipped} not checked (${raiseHint('documentAnalysisMs')})`,
    range: fieldRange(doc, ''),
  };
}

/** Analyse one parsed document against the context. Never throws. */
export function analyzeDocument(
  doc: ParsedDocument,
  ctx: AnalysisContext,
  limits: AnalysisLimits = DEFAULT_ANALYSIS_LIMITS,
): DocumentAnalysis {
  const started = performance.now();
  const late = () => performance.now() - started > limits.documentMs;
  const out: DocumentAnalysis = {
    index: doc.index,
    range: doc.range,
    apiVersion: doc.apiVersion,
    kind: doc.kind,
    name: doc.name,
    namespace: doc.namespace,
    problems: [],
  };
  for (const e of doc.errors) out.problems.push({ severity: 'error', code: e.code, field: '', message: e.message, range: e.range });
  for (const w of doc.warnings) out.problems.push({ severity: 'warning', code: w.code, field: '', message: w.message, range: w.range });
  if (!isObject(doc.value) || !doc.kind || !doc.apiVersion) return out;

  // A workload kind in an API version kube-apiserver no longer serves: kubectl cannot apply it at all.
  const removed = removedApiVersion(doc.apiVersion, doc.kind);
  if (removed) {
    out.problems.push({ severity: 'error', code: 'kce.removedApiVersion', field: 'apiVersion', message: removed.message, range: fieldRange(doc, 'apiVersion'), docUrl: REMOVED_API_DOCS });
    return out;
  }

  const specPath = podSpecPathFor(doc.apiVersion, doc.kind);
  const decoded = decodeTyped<Record<string, unknown>>(doc.value);
  if (!decoded.known && !specPath) return out; // not a kind this product checks

  if (late()) {
    out.problems.push(overBudget(doc, started, limits, 'type checks, validation, insights and placement'));
    return out;
  }
  // `~` and `null` read as null in YAML 1.2 too: not a 1.1 trap (the schema decode speaks for them).
  const traps = findYaml11Traps(doc).filter((t) => t.readsAs !== 'null');
  // an unquoted `yes` where a string belongs is one mistake: the trap says it better than the type error
  const trapped = new Set(traps.filter((t) => !t.isKey).map((t) => t.path));
  for (const e of decoded.errors) {
    if (trapped.has(e.field)) continue;
    out.problems.push({ severity: 'error', code: 'kce.typeMismatch', field: e.field, message: e.message, range: fieldRange(doc, e.field) });
  }
  for (const f of decoded.unknownFields) {
    out.problems.push({ severity: 'warning', code: 'kce.unknownField', field: f, message: `${unknownFieldMessage(f)} (kubectl's strict field validation rejects it)`, range: fieldRange(doc, f, 'key') });
  }
  for (const t of traps) {
    const what = YAML11_WORDS[t.readsAs] ?? t.readsAs;
    out.problems.push({
      severity: 'error',
      code: 'kce.yaml11Scalar',
      field: t.path,
      message: `kubectl reads the unquoted ${t.isKey ? 'key' : 'value'} ${t.source || '(empty)'} as ${what} (YAML 1.1), and Kubernetes expects a string here: quote it ("${t.source}")`,
      range: t.range,
      note: 'kce.yaml11Scalar',
    });
  }

  try {
    const obj = decoded.object;
    if (doc.apiVersion === 'apps/v1' && doc.kind === 'DaemonSet') out.daemonSet = obj as DaemonSet;
    if (hasWorkloadValidation(doc.apiVersion, doc.kind)) {
      for (const e of validateWorkload(doc.apiVersion, doc.kind, obj, { gates: ctx.gates })) out.problems.push(fromFieldError(doc, e));
    } else if (specPath) {
      const spec = valueAt(obj, specPath);
      if (isObject(spec)) for (const e of validatePodSpecScheduling(spec as PodSpec, specPath, { gates: ctx.gates })) out.problems.push(fromFieldError(doc, e));
    }
    const workload = out.daemonSet ? undefined : workloadSourceOf(obj, doc.apiVersion, doc.kind);
    if (workload) out.workload = workload; // previewed on demand (analysis/workloads.ts)
    if (specPath && late()) {
      out.problems.push(overBudget(doc, started, limits, 'insights and placement'));
      return out;
    }
    if (specPath) {
      const spec = valueAt(obj, specPath);
      const inventoryLabel = ctx.inventoryLabel ?? 'the inventory';
      const insights = ctx.insights && isObject(spec)
        ? podSpecInsights(spec as PodSpec, {
          specPath, isDaemonSet: !!out.daemonSet, nodes: ctx.nodes, inventoryLabel, gates: ctx.gates,
          inventoryDependent: ctx.inventoryInsights !== false,
        })
        : [];
      for (const i of insights) out.problems.push(fromInsight(doc, i));
      if (out.daemonSet && late()) {
        out.problems.push(overBudget(doc, started, limits, 'placement'));
        return out;
      }
      if (out.daemonSet) {
        const { summary: placed, classes } = summarizePlacement(out.daemonSet, ctx.nodes, ctx.gates);
        out.placement = placed;
        attachDaemonScheduling(out, ctx, classes, (i) => out.problems.push(fromInsight(doc, i)));
        const alreadySaid = insights.some((i) => i.code === 'kce.selectorMatchesNoNode');
        if (ctx.insights && ctx.inventoryInsights !== false && ctx.nodes.length > 0 && placed.shouldRun === 0 && !alreadySaid) {
          const first = placed.placements.find((p) => p.reasons.length)?.reasons[0];
          out.problems.push({
            severity: 'warning',
            code: 'kce.runsNowhere',
            field: 'metadata.name',
            message: `runs on 0 of ${ctx.nodes.length} nodes in ${inventoryLabel}` + (first ? `; e.g. ${first.message}` : ''),
            range: fieldRange(doc, 'metadata.name'),
            note: first?.code,
          });
        }
      }
    }
  } catch (e) {
    // A bug in a port must not take the editor down: report it where the document starts.
    out.problems.push({ severity: 'error', code: 'kce.internal', field: '', message: `internal error while checking this document: ${(e as Error)?.message ?? String(e)}`, range: fieldRange(doc, '') });
  }
  return out;
}

// The limits each analysis ran with: documents cut by a budget are not reused once the budgets change.
const limitsOf = new WeakMap<FileAnalysis, AnalysisLimits>();

/** The scheduler stage of a DaemonSet (read lazily) and, with inventory insights on, its kce.wouldBePending. */
function attachDaemonScheduling(
  out: DocumentAnalysis,
  ctx: AnalysisContext,
  classes: Uint8Array,
  report: (i: Insight) => void,
): void {
  const scheduler = new LazyDaemonScheduling(out.daemonSet as DaemonSet, ctx, classes);
  out.scheduler = scheduler;
  out.usesScheduling = true;
  if (!ctx.insights || ctx.inventoryInsights === false) return;
  for (const i of wouldBePendingInsights(scheduler, ctx.inventoryLabel ?? 'the inventory')) report(i);
}

function sameContext(a: AnalysisContext | undefined, b: AnalysisContext): boolean {
  return !!a && a.nodes === b.nodes && a.scheduling === b.scheduling && a.insights === b.insights && a.inventoryLabel === b.inventoryLabel &&
    a.inventoryInsights === b.inventoryInsights &&
    JSON.stringify(a.gates) === JSON.stringify(b.gates);
}

function shiftRange(r: OffsetRange, d: number): OffsetRange {
  return [r[0] + d, r[1] + d];
}

/** An analysis of a document that moved (an edit before it): same findings, shifted ranges. */
function rebaseAnalysis(a: DocumentAnalysis, start: number, index: number): DocumentAnalysis {
  const d = start - a.range[0];
  if (d === 0 && index === a.index) return a;
  return { ...a, index, range: shiftRange(a.range, d), problems: a.problems.map((p) => ({ ...p, range: shiftRange(p.range, d) })) };
}

/**
 * Parse and analyse a whole text. With the analysis of an earlier version of the same text (and the
 * same context), documents whose text did not change are reused, shifted: an edit costs one document.
 * Never throws.
 */
export function analyzeText(
  text: string,
  ctx: AnalysisContext,
  previous?: FileAnalysis,
  limits?: Partial<AnalysisLimits>,
): FileAnalysis {
  return runSteps(analyzeTextSteps(text, ctx, previous, limits));
}

/** analyzeText one document at a time: the generator yields after each document (cooperative.ts slices it). */
export function* analyzeTextSteps(
  text: string,
  ctx: AnalysisContext,
  previous?: FileAnalysis,
  limits?: Partial<AnalysisLimits>,
): Generator<void, FileAnalysis> {
  const lim: AnalysisLimits = { ...DEFAULT_ANALYSIS_LIMITS, ...limits };
  const parseOptions = parseOptionsFor(lim);
  // Whole texts over twice the parse budget are refused with one diagnostic, before any splitting.
  const tooLong = textTooLong(text, parseOptions);
  if (tooLong) {
    const { code, message, range } = tooLong;
    const problem: Problem = { severity: 'error', code, field: '', message, range };
    return { documents: [{ index: -1, range: [0, text.length], problems: [problem] }], parsed: [], context: ctx };
  }
  // Earlier documents by their exact text, in order, so that repeated identical documents pair up in turn.
  // Built in one pass; each list is consumed through a cursor (no find per document, no shift).
  const reusable = new Map<string, { next: number; items: { parsed: ParsedDocument; analysis: DocumentAnalysis }[] }>();
  // Documents that read the scheduler state are reused only while it is unchanged (a pod event changes verdicts).
  const generation = ctx.scheduling ? schedulingGeneration(ctx.scheduling) : undefined;
  const stateChanged = previous?.schedulingGeneration !== generation;
  if (previous?.parsed && sameContext(previous.context, ctx) && sameBudgets(limitsOf.get(previous), lim)) {
    const byIndex = new Map<number, DocumentAnalysis>();
    for (const d of previous.documents) if (!byIndex.has(d.index)) byIndex.set(d.index, d);
    previous.parsed.forEach((p, i) => {
      if (isListDocument(p)) return; // a list has one analysis per item: analysed again, not shifted
      const a = byIndex.get(p.index) ?? previous.documents[i];
      if (!a || (a.usesScheduling && stateChanged)) return;
      const list = reusable.get(p.text);
      if (list) list.items.push({ parsed: p, analysis: a });
      else reusable.set(p.text, { next: 0, items: [{ parsed: p, analysis: a }] });
    });
  }
  yield; // indexing 25,000 earlier documents, or splitting 25,000 new ones, takes a slice of its own
  const parsed: ParsedDocument[] = [];
  const documents: DocumentAnalysis[] = [];
  const budget = withinBudget(splitYamlDocuments(text, lim.maxDocuments), parseOptions);
  yield;
  for (let i = 0; i < budget.ranges.length; i++) {
    const range = budget.ranges[i]!;
    const list = reusable.get(text.slice(range[0], range[1]));
    const old = list && list.next < list.items.length ? list.items[list.next++] : undefined;
    if (old) {
      parsed.push(rebaseDocument(old.parsed, range[0], i));
      documents.push(rebaseAnalysis(old.analysis, range[0], i));
      // Reused documents are cheap: a turn every 256 of them is enough.
      if ((i & 255) === 255) yield;
      continue;
    }
    const doc = yield* parseYamlDocumentSteps(text, range, i, parseOptions); // yields every few ms of parsing
    parsed.push(doc);
    const one = (d: ParsedDocument, c: AnalysisContext): DocumentAnalysis => analyzeDocument(d, c, lim);
    documents.push(...(analyzeListDocument(doc, ctx, one) ?? [one(doc, ctx)]));
    yield;
  }
  const s = budget.skipped;
  if (s) documents.push({ index: -1, range: [s.range[0], text.length], problems: [{ severity: 'error', code: s.code, field: '', message: s.message, range: s.range }] });
  const result: FileAnalysis = {
    documents, parsed, context: ctx, ...(generation !== undefined ? { schedulingGeneration: generation } : {}),
  };
  limitsOf.set(result, lim);
  return result;
}
