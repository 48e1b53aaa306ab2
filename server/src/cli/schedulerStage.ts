// The scheduler stage of a DaemonSet in `kce simulate` and `kce plan`: the per-node state built from --pods, the
// SCHEDULER column and the sentences that say what the stage does and does not cover.
import type { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import type { SchedPod } from '../core/scheduler/types';
import type { NodeInfo, Pod } from '../core/types';
import { schedulerResult, type NodeResult, type SchedulerResult } from '../analysis/results';
import type { DocumentAnalysis } from '../analysis/types';
import { renderTable } from './table';
import { toSchedPodOrNone, type Inventory } from './inputs';
import { buildScheduling } from '../inventory/source';

/** The scheduler's per-node state (inventory/source.ts builds it) of whole Pods, each reduced as the scheduler reads it. */
function schedulingState(nodes: readonly NodeInfo[], pods: readonly Pod[]): ClusterNodeInfos {
  return buildScheduling(nodes, pods.flatMap((p) => toSchedPodOrNone(p)));
}

export interface SchedulerPods {
  /** The state the analysis reads; undefined: the nodes alone (analysis/scheduling.ts builds it). */
  state?: ClusterNodeInfos;
  /** For headers: `pods: pods.yaml (450)`. */
  label: string;
  count?: number;
  /** Why the cluster's pods are unknown (listing them was refused or failed): the nodes are checked empty. */
  unknown?: string;
}

/** The live cluster's pods of every namespace (cluster/cluster.ts `listAllPods`), or why they are unknown. */
export type ClusterPodsResult = { pods: readonly Pod[] } | { error: string };

/**
 * Which pods fill the nodes: --pods when given (`built`: their state, already built over the inventory's nodes),
 * else those listed from the cluster, else the inventory's own (the sample cluster's, a nodes file's), else none.
 */
export function schedulerPods(
  inventory: Inventory,
  podsPath: string | undefined,
  pods: readonly Pod[],
  cluster?: ClusterPodsResult,
  built?: ClusterNodeInfos,
): SchedulerPods {
  if (podsPath) {
    const state = built ?? schedulingState(inventory.nodes, pods);
    return { state, label: `pods: ${podsPath} (${pods.length})`, count: pods.length };
  }
  if (cluster && 'pods' in cluster) {
    const n = cluster.pods.length;
    const label = `pods: listed from ${inventory.label} (${n})`;
    return { state: schedulingState(inventory.nodes, cluster.pods), label, count: n };
  }
  if (cluster) {
    return { label: `pods unknown (${cluster.error}): only node capacity is checked`, unknown: cluster.error };
  }
  if (inventory.pods?.length) {
    const own = inventory.pods;
    return { state: schedulingState(inventory.nodes, own), label: `its ${own.length} pods`, count: own.length };
  }
  return { label: 'no pods given (--pods FILE): only node capacity is checked' };
}

/** The JSON `inventory` object: where the nodes and the pods came from (`podsUnknown`: why the pods are not known). */
export function inventoryJson(inventory: Inventory, pods: SchedulerPods): Record<string, unknown> {
  return {
    source: inventory.source,
    label: inventory.label,
    nodes: inventory.nodes.length,
    ...(pods.count !== undefined ? { pods: pods.count } : {}),
    ...(pods.unknown !== undefined ? { podsUnknown: pods.unknown } : {}),
  };
}

/** One reason with its numbers: `Insufficient cpu (requests 500m, 200m free of 4)`. */
export function schedulerReasonText(r: SchedulerResult['reasons'][number]): string {
  return r.detail ? `${r.message} (${r.detail})` : r.message;
}

/** Every reason of a verdict, joined. */
export function schedulerVerdictText(s: SchedulerResult): string {
  return s.reasons.map(schedulerReasonText).join('; ');
}

/** The SCHEDULER cell: empty where no pod is created, `✓`, or `Pending: <first reason>`. */
export function schedulerCell(n: NodeResult, shorten: (s: string) => string): string {
  const s = n.scheduler;
  if (!s) return '';
  const unknown = s.allocatableUnknown ? ' (allocatable unknown)' : '';
  if (s.feasible) return `✓${unknown}`;
  const first = s.reasons[0];
  const more = s.reasons.length > 1 ? ` (+${s.reasons.length - 1} more)` : '';
  return shorten(`Pending: ${first ? schedulerReasonText(first) : 'rejected'}${more}${unknown}`);
}

/**
 * The Pending rows whose SCHEDULER cell had to be shortened, in full (the port taken, the numbers), for the lines
 * under the table: a cell keeps the reason string, these lines keep its detail.
 */
export function pendingInFull(nodes: readonly NodeResult[], shorten: (s: string) => string): string {
  const lines: string[] = [];
  for (const n of nodes) {
    const s = n.scheduler;
    if (!s || s.feasible) continue;
    const full = schedulerVerdictText(s);
    if (shorten(`Pending: ${full}`) !== `Pending: ${full}`) lines.push(`  ${n.name}: ${full}`);
  }
  return lines.length ? `Pending, in full:\n${lines.join('\n')}\n` : '';
}

/** `· 2 Pending` for the summary line (nothing when none is). */
export function pendingSuffix(pending: number | undefined): string {
  return pending ? ` · ${pending} Pending` : '';
}


/** The legend under the tables. */
export const SCHEDULER_LEGEND =
  "SCHEDULER: kube-scheduler's Filter plugins for the daemon pod (pinned to the node) against the pods already there, " +
  'where the controller creates one; Filter stage only (no scoring, no preemption). ' +
  '"allocatable unknown": the node lists no allocatable, so resources are not checked there.';

/** A pod the plan creates that the scheduler's filters would leave Pending. */
export interface PendingCreate {
  node: string;
  reasons: SchedulerResult['reasons'];
}

/** Of the nodes a plan creates a daemon pod on, those where it would then be Pending, with why. */
export function pendingCreates(doc: DocumentAnalysis, nodes: readonly string[]): PendingCreate[] {
  const out: PendingCreate[] = [];
  for (const node of nodes) {
    const v = doc.scheduler?.verdictFor(node);
    if (v && !v.feasible) out.push({ node, reasons: schedulerResult(v).reasons });
  }
  return out;
}

/** The plan's text for them: a count, then one row per node. */
export function pendingTable(pending: readonly PendingCreate[], shorten: (s: string) => string): string {
  const rows = pending.map((p) => [p.node, shorten(p.reasons.map(schedulerReasonText).join('; '))]);
  const head = `then Pending on ${pending.length} of them (the scheduler's Filter stage; no scoring, no preemption)\n`;
  return head + renderTable(['NODE', 'WHY PENDING'], rows).replace(/^/gm, '  ') + '\n';
}
