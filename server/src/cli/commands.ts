// The `kce` commands: validate, simulate, plan, rollout. Each reads inputs, runs the shared analysis
// and renders text, JSON or SARIF. They return an exit code; they never call process.exit.
import type { DaemonSet, LabelSelector, NodeInfo, Pod, PlacementReason } from '../core/types';
import type { FeatureGates } from '../core/k8sVersion';
import { placementResult, planResult, rolloutResult } from '../analysis/results';
import { zoneOf } from '../core/vocabulary';
import { analyzeText } from '../analysis/index';
import type { AnalysisLimits } from '../analysis/index';
import type { DocumentAnalysis, FileAnalysis } from '../analysis/types';
import { displayName, expandPaths, InputError, loadInventory, loadPods, readText, type Inventory, type LoadedPodsInput } from './inputs';
import { LineIndex } from './positions';
import { renderTable } from './table';
import type { OutputFormat } from './args';
import { toSarif } from './sarif';
import type { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import { inventoryJson, pendingCreates, pendingInFull, pendingSuffix, pendingTable, SCHEDULER_LEGEND, schedulerCell, schedulerPods } from './schedulerStage';
import type { ClusterPodsResult, SchedulerPods } from './schedulerStage';
import { documentLabel, itemOf, workloadsOf, workloadsText } from './workloads';

export interface IO {
  stdout(s: string): void;
  stderr(s: string): void;
}

export interface CommonOptions {
  paths: string[];
  nodes?: string;
  format: OutputFormat;
  gates: FeatureGates;
  /** An inventory loaded beforehand (a live cluster); replaces --nodes. */
  inventory?: Inventory;
  /** Budgets from --max-documents and the other budget flags (cli/budgetFlags.ts). */
  limits?: Partial<AnalysisLimits>;
}

interface AnalysedFile {
  path: string;
  text: string;
  analysis: FileAnalysis;
}

function analyseAll(
  opts: CommonOptions,
  inventory: Inventory,
  inventoryInsights = true,
  scheduling?: ClusterNodeInfos,
): AnalysedFile[] {
  return expandPaths(opts.paths).map((path) => {
    const text = readText(path);
    const ctx = {
      nodes: inventory.nodes, gates: opts.gates, insights: true, inventoryLabel: inventory.label, inventoryInsights,
      ...(scheduling ? { scheduling } : {}),
    };
    return { path: displayName(path), text, analysis: analyzeText(text, ctx, undefined, opts.limits) };
  });
}

const MAX_INVENTORY_WARNINGS = 20;

// The inventory to use, its problems (bad items, duplicate names) said on stderr so JSON output stays clean.
function inventoryFor(opts: CommonOptions, io: IO): Inventory {
  const inventory = opts.inventory ?? loadInventory(opts.nodes);
  const ws = inventory.warnings;
  for (const w of ws.slice(0, MAX_INVENTORY_WARNINGS)) io.stderr(`kce: warning: ${w}\n`);
  if (ws.length > MAX_INVENTORY_WARNINGS) io.stderr(`kce: warning: … and ${ws.length - MAX_INVENTORY_WARNINGS} more problems in ${inventory.label}\n`);
  return inventory;
}

// Said once when `kce validate` has only the sample cluster: its nodes describe no real cluster.
const INVENTORY_INSIGHTS_SKIPPED = 'inventory-dependent checks (selectorMatchesNoNode, tolerationMatchesNoTaint, ' +
  'termMatchesNoNode, runsNowhere) skipped: no inventory given (--nodes FILE or --context NAME)';

function json(io: IO, value: unknown): void {
  io.stdout(JSON.stringify(value, null, 2) + '\n');
}

function qualifiedName(d: { namespace?: string; name?: string }): string {
  return d.namespace ? `${d.namespace}/${d.name ?? '(no name)'}` : (d.name ?? '(no name)');
}

// ---------- validate ----------

export function runValidate(opts: CommonOptions, io: IO): number {
  const inventory = inventoryFor(opts, io);
  const given = inventory.source !== 'sample';
  const files = analyseAll(opts, inventory, given);
  let errors = 0;
  let warnings = 0;
  const out = files.map((f) => {
    const lines = new LineIndex(f.text);
    return {
      path: f.path,
      documents: f.analysis.documents.map((d) => ({
        index: d.index,
        kind: d.kind ?? null,
        namespace: d.namespace ?? null,
        name: d.name ?? null,
        diagnostics: d.problems.map((p) => {
          if (p.severity === 'error') errors++;
          else if (p.severity === 'warning') warnings++;
          return {
            severity: p.severity,
            code: p.code,
            field: p.field,
            ...(p.type ? { type: p.type } : {}),
            message: p.message,
            range: { start: lines.at(p.range[0]), end: lines.at(p.range[1]) },
          };
        }),
      })),
    };
  });
  const result = { files: out, summary: { errors, warnings }, ...(given ? {} : { notes: [INVENTORY_INSIGHTS_SKIPPED] }) };
  if (opts.format === 'json') json(io, result);
  else if (opts.format === 'sarif') json(io, toSarif(result));
  else {
    for (const f of out) {
      for (const d of f.documents) {
        for (const p of d.diagnostics) {
          io.stdout(`${f.path}:${p.range.start.line + 1}:${p.range.start.character + 1}: ${p.severity} ${p.code}: ${p.message}\n`);
        }
      }
    }
    if (!given) io.stdout(`${INVENTORY_INSIGHTS_SKIPPED}\n`);
    io.stdout(`${out.length} file${out.length === 1 ? '' : 's'}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  }
  return errors > 0 ? 1 : 0;
}

// ---------- simulate ----------

interface FoundDaemonSet {
  path: string;
  doc: DocumentAnalysis;
  ds: DaemonSet;
}

function daemonSetsIn(files: AnalysedFile[]): FoundDaemonSet[] {
  const out: FoundDaemonSet[] = [];
  for (const f of files) for (const d of f.analysis.documents) if (d.daemonSet) out.push({ path: f.path, doc: d, ds: d.daemonSet });
  return out;
}

function noDaemonSets(opts: CommonOptions, io: IO): number {
  io.stderr(`kce: no apps/v1 DaemonSet found in ${opts.paths.join(', ')}\n`);
  return 1;
}

const MAX_REASON = 110;

/** One table cell: a long reason loses its parenthesised detail first (the JSON output keeps it all). */
function shorten(s: string): string {
  let out = s;
  if (out.length > MAX_REASON) {
    const open = out.indexOf(' (');
    if (open > 0) out = out.slice(0, open) + out.slice(out.indexOf(')', open) + 1 || out.length).replace(/^\)/, '');
  }
  return out.length > MAX_REASON ? out.slice(0, MAX_REASON - 1) + '…' : out;
}

/** A reason as the JSON contract has it: code, message, field. */
function reasonJson(r: PlacementReason): { code: PlacementReason['code']; message: string; field: string } {
  return { code: r.code, message: r.message, field: r.field };
}

/** Says on stderr that the cluster's pods could not be read (JSON output stays clean; the run goes on). */
function warnPodsUnknown(pods: SchedulerPods, io: IO): void {
  if (pods.unknown !== undefined) io.stderr(`kce: warning: pods unknown (${pods.unknown}); the nodes are checked as if empty\n`);
}

/**
 * --pods, already read (cli.ts reads a file in worker threads, its state built over `inventory`'s nodes), or its
 * path alone (then read here).
 */
interface PodsOption {
  pods?: string;
  loadedPods?: LoadedPodsInput;
}

export function runSimulate(opts: CommonOptions & PodsOption & { clusterAllPods?: ClusterPodsResult }, io: IO): number {
  const inventory = inventoryFor(opts, io);
  const loaded = opts.loadedPods ?? loadPods(opts.pods);
  const pods = schedulerPods(inventory, opts.pods, loaded.sched, opts.clusterAllPods, loaded.state);
  warnPodsUnknown(pods, io);
  const files = analyseAll(opts, inventory, true, pods.state);
  const found = daemonSetsIn(files);
  const workloads = workloadsOf(files);
  if (found.length === 0 && workloads.length === 0) {
    io.stderr(`kce: no apps/v1 DaemonSet found in ${opts.paths.join(', ')}, nor any workload with a pod template\n`);
    return 1;
  }
  const byName = new Map(inventory.nodes.map((n) => [n.name, n]));
  const daemonSets = found.map(({ path, doc }) => {
    const p = placementResult(doc.placement!, doc.scheduler);
    return {
      file: path,
      namespace: doc.namespace ?? null,
      name: doc.name ?? null,
      document: doc.index,
      ...itemOf(doc),
      errors: doc.problems.filter((x) => x.severity === 'error').length,
      summary: p.summary,
      nodes: p.nodes.map((n) => ({ ...n, reasons: n.reasons.map(reasonJson) })),
    };
  });
  if (opts.format === 'json') {
    json(io, { inventory: inventoryJson(inventory, pods), daemonSets, workloads });
    return 0;
  }
  io.stdout(`inventory: ${inventory.label} (${inventory.nodes.length} nodes), ${pods.label}\n`);
  for (const ds of daemonSets) {
    const skipped = ds.summary.nodes - ds.summary.shouldRun;
    io.stdout(`\nDaemonSet ${qualifiedName({ namespace: ds.namespace ?? undefined, name: ds.name ?? undefined })}  (${ds.file}, ${documentLabel(ds)})\n`);
    io.stdout(`runs on ${ds.summary.shouldRun} of ${ds.summary.nodes} nodes${pendingSuffix(ds.summary.pending)} · ` +
      `${skipped} skipped` + (ds.errors ? ` · ${ds.errors} validation error${ds.errors === 1 ? '' : 's'} (kce validate)` : '') + '\n\n');
    const rows = ds.nodes.map((n) => [
      n.name,
      zoneOf(byName.get(n.name)?.labels),
      n.shouldRun ? '✓' : '✗',
      n.shouldContinueRunning ? '✓' : '✗',
      schedulerCell(n, shorten),
      n.reasons.length ? shorten(n.reasons[0]!.message) + (n.reasons.length > 1 ? ` (+${n.reasons.length - 1} more)` : '') : '',
    ]);
    io.stdout(renderTable(['NODE', 'ZONE', 'RUN', 'KEEP', 'SCHEDULER', 'WHY NOT'], rows) + '\n');
    io.stdout(pendingInFull(ds.nodes, shorten));
  }
  if (daemonSets.length) {
    io.stdout('\nRUN: NodeShouldRunDaemonPod says a new pod is created there. KEEP: an existing pod keeps running.\n');
    io.stdout(`${SCHEDULER_LEGEND}\n`);
  }
  io.stdout(workloadsText(workloads, inventory.nodes));
  return 0;
}

// ---------- plan ----------

// A refused or failed list (403 on pods, timeout) is a problem with the input, not an internal error.
async function listClusterPods(
  pods: { list(namespace: string, selector: LabelSelector | undefined): Promise<Pod[]> },
  ns: string,
  ds: DaemonSet,
  doc: DocumentAnalysis,
): Promise<Pod[]> {
  try {
    return await pods.list(ns, ds.spec?.selector);
  } catch (e) {
    const what = qualifiedName({ namespace: ns, ...(doc.name ? { name: doc.name } : {}) });
    throw new InputError(`cannot list the pods of DaemonSet ${what}: ${(e as Error)?.message ?? String(e)}`);
  }
}

export async function runPlan(
  opts: CommonOptions &
    PodsOption & {
      clusterPods?: { namespace: string; list(namespace: string, selector: LabelSelector | undefined): Promise<Pod[]> };
      clusterAllPods?: ClusterPodsResult;
    },
  io: IO,
): Promise<number> {
  const inventory = inventoryFor(opts, io);
  const loaded = opts.loadedPods ?? loadPods(opts.pods);
  // Without --pods, the pods that came with the nodes (the sample cluster's, a nodes file's) are the cluster's pods.
  const own = !opts.pods && !opts.clusterPods ? inventory.pods : undefined;
  const allPods = own ?? loaded.controller;
  const sched = schedulerPods(inventory, opts.pods, loaded.sched, opts.clusterAllPods, loaded.state);
  warnPodsUnknown(sched, io);
  const found = daemonSetsIn(analyseAll(opts, inventory, true, sched.state));
  if (found.length === 0) return noDaemonSets(opts, io);
  let podSource = opts.pods
    ? `pods: ${opts.pods} (${loaded.sched.length})`
    : own
      ? sched.label
      : 'no existing pods (--pods FILE to give them)';
  const daemonSets = [];
  for (const { doc, ds, path } of found) {
    // From a live cluster, the pods are listed per DaemonSet (its selector, its namespace or the context's).
    const ns = doc.namespace ?? opts.clusterPods?.namespace ?? 'default';
    const candidates = opts.clusterPods && !opts.pods ? await listClusterPods(opts.clusterPods, ns, ds, doc) : allPods;
    if (opts.clusterPods && !opts.pods) podSource = opts.clusterAllPods ? sched.label : `pods: listed from ${inventory.label}`;
    const inNamespace = candidates.filter((p: Pod) => (p.metadata?.namespace ?? 'default') === (doc.namespace ?? p.metadata?.namespace ?? 'default'));
    const plan = planResult(ds, inventory.nodes, opts.gates, { pods: inNamespace });
    const counts = plan.counts;
    daemonSets.push({
      file: path,
      namespace: doc.namespace ?? null,
      name: doc.name ?? null,
      pods: plan.pods,
      nodesNeedingDaemonPods: plan.nodesNeedingDaemonPods,
      podsToDelete: plan.podsToDelete,
      batches: plan.batches,
      desiredNumberScheduled: counts.desiredNumberScheduled,
      currentNumberScheduled: counts.currentNumberScheduled,
      numberMisscheduled: counts.numberMisscheduled,
      misscheduled: counts.misscheduled.map((m) => ({ node: m.node, pods: m.pods, reasons: m.reasons.map(reasonJson) })),
      pending: pendingCreates(doc, plan.nodesNeedingDaemonPods),
    });
  }
  if (opts.format === 'json') {
    json(io, { inventory: inventoryJson(inventory, sched), daemonSets });
    return 0;
  }
  io.stdout(`inventory: ${inventory.label} (${inventory.nodes.length} nodes), ${podSource}\n`);
  for (const d of daemonSets) {
    io.stdout(`\nDaemonSet ${qualifiedName({ namespace: d.namespace ?? undefined, name: d.name ?? undefined })}: ${d.pods} existing pod${d.pods === 1 ? '' : 's'}\n`);
    io.stdout(`create on ${d.nodesNeedingDaemonPods.length} node${d.nodesNeedingDaemonPods.length === 1 ? '' : 's'}` + (d.batches.length ? ` in slow-start batches ${d.batches.join(', ')}` : '') + '\n');
    if (d.nodesNeedingDaemonPods.length) io.stdout('  ' + d.nodesNeedingDaemonPods.join(', ') + '\n');
    if (d.pending.length) io.stdout(pendingTable(d.pending, shorten));
    io.stdout(`delete ${d.podsToDelete.length} pod${d.podsToDelete.length === 1 ? '' : 's'}\n`);
    if (d.podsToDelete.length) io.stdout(renderTable(['POD', 'NODE', 'WHY'], d.podsToDelete.map((p) => [p.pod, p.node, p.reason])).replace(/^/gm, '  ') + '\n');
    if (d.pods > 0) {
      io.stdout(`scheduled ${d.currentNumberScheduled} of ${d.desiredNumberScheduled} desired · numberMisscheduled ${d.numberMisscheduled}\n`);
      if (d.misscheduled.length) io.stdout(renderTable(['NODE', 'PODS', 'WHY NOT HERE'], d.misscheduled.map((m) => [m.node, m.pods.join(', '), m.reasons.length ? shorten(m.reasons[0]!.message) : ''])).replace(/^/gm, '  ') + '\n');
    }
  }
  return 0;
}

// ---------- rollout ----------

export function runRollout(opts: CommonOptions, io: IO): number {
  const inventory = inventoryFor(opts, io);
  const found = daemonSetsIn(analyseAll(opts, inventory));
  if (found.length === 0) return noDaemonSets(opts, io);
  const daemonSets = found.map(({ doc, ds, path }) => {
    const r = rolloutResult(ds, doc.placement!.placements);
    return {
      file: path,
      namespace: doc.namespace ?? null,
      name: doc.name ?? null,
      strategy: r.strategy,
      desiredNumberScheduled: r.desiredNumberScheduled,
      maxSurge: r.maxSurge,
      maxUnavailable: r.maxUnavailable,
      explanation: r.explanation,
      ...(r.error ? { error: r.error } : {}),
      rounds: r.rounds.map((x) => ({ create: x.create, delete: x.delete })),
    };
  });
  if (opts.format === 'json') {
    json(io, { daemonSets });
    return 0;
  }
  for (const d of daemonSets) {
    io.stdout(`DaemonSet ${qualifiedName({ namespace: d.namespace ?? undefined, name: d.name ?? undefined })}: ${d.strategy}, ${d.desiredNumberScheduled} nodes\n`);
    if (d.error) io.stdout(`  ${d.error}\n`);
    io.stdout(`  maxSurge ${d.maxSurge} (${d.explanation.maxSurge}); maxUnavailable ${d.maxUnavailable} (${d.explanation.maxUnavailable})\n`);
    if (d.rounds.length === 0) io.stdout('  no rounds: pods are replaced only when you delete them (OnDelete), or there is nothing to update\n');
    d.rounds.forEach((r, i) => {
      io.stdout(`  round ${i + 1}: create ${r.create.length ? r.create.join(', ') : '-'}; delete ${r.delete.length ? r.delete.join(', ') : '-'}\n`);
    });
    io.stdout('\n');
  }
  return 0;
}
