// One result shape per simulation, built once and presented by both front ends: the CLI prints or
// serialises it (README's JSON contract), the language server adds ranges and URIs (protocol.ts DTOs).
// Field names are the CLI's: `nodes[].name`, `nodesNeedingDaemonPods`, `podsToDelete`, `rounds[].create`.
import type { DaemonSet, NodeInfo, NodePlacement, Pod } from '../core/types';
import type { FeatureGates } from '../core/k8sVersion';
import type { PodToDelete } from '../core/plan';
import { daemonSetCounts, type DaemonSetCounts } from '../core/status';
import { simulatePlan, simulateRolloutOf } from './simulations';
import type { PlacementSummary } from './types';
import type { DaemonScheduling } from './daemonScheduling';
import { reasonText, type SchedulerReason, type SchedulerVerdict } from './scheduling';

export interface PlacementCounts {
  nodes: number;
  shouldRun: number;
  shouldContinueRunning: number;
  /** Of the shouldRun nodes, those where the scheduler's Filter stage leaves the daemon pod Pending. */
  pending?: number;
  /** Of the shouldRun nodes, those without allocatable in the inventory (resources not checked). */
  allocatableUnknown?: number;
}

/** One node of a placement: the core's decision under the CLI's names. Reasons are shared objects: read-only. */
export interface NodeResult extends Omit<NodePlacement, 'node'> {
  name: string;
  /** The scheduler's verdict for the daemon pod; only where the controller creates one. */
  scheduler?: SchedulerResult;
}

/** One scheduler reason as the JSON contract has it; `detail` adds NodeResourcesFit's numbers or the port NodePorts found taken. */
export interface SchedulerReasonResult {
  plugin: SchedulerReason['plugin'];
  message: string;
  field: string;
  /** `requests 500m, 200m free of 4`, `0.0.0.0:9100/TCP in use by monitoring/node-exporter-x`. */
  detail?: string;
}

export interface SchedulerResult {
  feasible: boolean;
  reasons: SchedulerReasonResult[];
  /** The node has no allocatable in the inventory: NodeResourcesFit was not run, resources are not checked. */
  allocatableUnknown?: true;
}

export function schedulerResult(v: SchedulerVerdict): SchedulerResult {
  const reasons = v.reasons.map((r) => {
    const out: SchedulerReasonResult = { plugin: r.plugin, message: r.message, field: r.field };
    const text = reasonText(v, r);
    // reasonText is `<message> (<numbers>)` for NodeResourcesFit and NodePorts: the parenthesis is the detail.
    if (text !== r.message && text.startsWith(`${r.message} (`)) out.detail = text.slice(r.message.length + 2, -1);
    return out;
  });
  return { feasible: v.feasible, reasons, ...(v.allocatableUnknown ? { allocatableUnknown: true as const } : {}) };
}

export interface PlacementResult {
  summary: PlacementCounts;
  nodes: NodeResult[];
}

export function nodeResult(p: NodePlacement): NodeResult {
  return { name: p.node, shouldRun: p.shouldRun, shouldContinueRunning: p.shouldContinueRunning, reasons: p.reasons };
}

/** nodeResult with the scheduler's verdict where the controller creates the daemon pod. */
function nodeResultWith(p: NodePlacement, scheduler: DaemonScheduling | undefined): NodeResult {
  const out = nodeResult(p);
  const v = p.shouldRun ? scheduler?.verdictFor(p.node) : undefined;
  if (v) out.scheduler = schedulerResult(v);
  return out;
}

/** A placement, with the scheduler's verdicts on the nodes that get a daemon pod when `scheduler` is given. */
export function placementResult(p: PlacementSummary, scheduler?: DaemonScheduling): PlacementResult {
  const summary: PlacementCounts = {
    nodes: p.nodes, shouldRun: p.shouldRun, shouldContinueRunning: p.shouldContinueRunning,
  };
  if (scheduler) {
    summary.pending = scheduler.pending;
    summary.allocatableUnknown = scheduler.allocatableUnknown;
  }
  return { summary, nodes: p.placements.map((n) => nodeResultWith(n, scheduler)) };
}

export interface PlanResult {
  /** Every node that needs a daemon pod, in node order; `batches` splits the first of them into slow-start batches. */
  nodesNeedingDaemonPods: string[];
  podsToDelete: PodToDelete[];
  /** Slow-start batch sizes: 1, 2, 4, … */
  batches: number[];
  /** The DaemonSet's own pods among those given. */
  pods: number;
  /** The status counters over those pods (numberMisscheduled with the reason per node). */
  counts: DaemonSetCounts;
  /** What the plan rests on and what it leaves alone, one sentence each. */
  notes: string[];
}

/** The controller's next sync over `pods` when they are known (a cluster, `--pods`), else its first sync. */
export function planResult(
  ds: DaemonSet,
  nodes: NodeInfo[],
  gates: FeatureGates,
  opts: { pods?: readonly Pod[]; burstReplicas?: number; /** Where the pods come from: "on the cluster". */ podsSource?: string } = {},
): PlanResult {
  const { placements, pods, sync } = simulatePlan(ds, nodes, gates, {
    ...(opts.pods ? { pods: opts.pods } : {}),
    ...(opts.burstReplicas !== undefined ? { burstReplicas: opts.burstReplicas } : {}),
  });
  const byNode = new Map(placements.map((p) => [p.node, p]));
  const counts = daemonSetCounts(nodes, pods, (n) => byNode.get(n.name) ?? { shouldRun: false, reasons: [] });
  const notes = [
    opts.pods
      ? `${pods.length} existing pod${pods.length === 1 ? '' : 's'} of this DaemonSet${opts.podsSource ? ` ${opts.podsSource}` : ''}`
      : 'no pods known: the first sync of a new DaemonSet',
    ...(sync.blocked ? [sync.blocked] : []),
    ...sync.held.map((h) => `${h.node}: ${h.reason}`),
  ];
  if (sync.deferredCreates.length) notes.push(`${sync.deferredCreates.length} nodes wait for a later sync (burstReplicas)`);
  return {
    nodesNeedingDaemonPods: sync.nodesNeedingDaemonPods,
    podsToDelete: sync.podsToDelete,
    batches: sync.batches,
    pods: pods.length,
    counts,
    notes,
  };
}

export interface RolloutRoundResult {
  /** Position of the round, from 0. */
  index: number;
  /** Nodes that get a pod of the new template. */
  create: string[];
  /** Nodes whose old pod is deleted. */
  delete: string[];
  /** Nodes where the new pod starts beside the old one (maxSurge > 0). */
  surge: string[];
  /** Nodes without an available pod during the round. */
  unavailable: number;
  note: string;
}

export interface RolloutResult {
  strategy: string;
  /** Nodes that should run the pod. */
  desiredNumberScheduled: number;
  maxSurge: number;
  maxUnavailable: number;
  /** Where each effective integer came from (`25% of 12 = 3 (rounded up)`). */
  explanation: { maxSurge: string; maxUnavailable: string };
  error?: string;
  rounds: RolloutRoundResult[];
  notes: string[];
}

/** Rolling-update rounds over a placement; overrides replace the strategy's maxSurge / maxUnavailable. */
export function rolloutResult(
  ds: DaemonSet,
  placements: readonly NodePlacement[],
  overrides: { maxSurge?: number | string; maxUnavailable?: number | string } = {},
): RolloutResult {
  const sim = simulateRolloutOf(ds, placements, overrides);
  const eff = sim.effective;
  const explanation = { ...eff.detail };
  const notes = [`maxSurge: ${eff.detail.maxSurge}`, `maxUnavailable: ${eff.detail.maxUnavailable}`];
  const base = { strategy: eff.strategy, desiredNumberScheduled: sim.nodes.length, explanation };
  if (eff.error) return { ...base, maxSurge: 0, maxUnavailable: 0, error: eff.error, rounds: [], notes: [eff.error, ...notes] };
  const rounds = sim.rounds.map((r, index) => ({
    index,
    create: r.create,
    delete: r.delete,
    surge: eff.maxSurge > 0 ? r.create.filter((n) => !r.delete.includes(n)) : [],
    unavailable: r.delete.filter((n) => !r.create.includes(n)).length,
    note: r.note,
  }));
  return {
    ...base,
    maxSurge: eff.maxSurge,
    maxUnavailable: eff.maxUnavailable,
    rounds,
    notes: [...notes, ...sim.rounds.map((r, i) => `round ${i + 1}: ${r.note}`)],
  };
}
