// The second stage of a DaemonSet's placement: on every node where the controller creates a daemon pod
// (NodeShouldRunDaemonPod says shouldRun), the scheduler's Filter verdict for that pod — the pod syncNodes creates
// (CreatePodTemplate) pinned to the node by the node-name affinity — against the pods already there.
// Computed on first use (counts, then rows), so edits without a reader pay nothing.
import { createPodTemplate } from '../core/daemonPod';
import type { FeatureGates } from '../core/k8sVersion';
import type { SchedPod } from '../core/scheduler/types';
import type { DaemonSet, Insight, NodeInfo } from '../core/types';
import { schedulerMessage } from '../codes/scheduler';
import { filterPodOverInventory, schedulingFor, verdictText, type PodFilterRun, type SchedulerVerdict } from
  './scheduling';
import type { AnalysisContext } from './types';

/** Where the DaemonSet's pod spec sits in its document: the fields of reasons are located there. */
export const DAEMON_SPEC_PATH = 'spec.template.spec';

export interface PendingNode {
  node: string;
  verdict: SchedulerVerdict;
}

/** The scheduler stage of one DaemonSet over the inventory. */
export interface DaemonScheduling {
  /** Nodes where the controller creates a daemon pod (and the scheduler state knows the node). */
  readonly created: number;
  /** Among them, nodes where the Filter stage leaves the pod Pending. */
  readonly pending: number;
  /** Among the created, nodes whose allocatable is unknown (NodeResourcesFit not run there). */
  readonly allocatableUnknown: number;
  /** The pending nodes, in inventory order. */
  readonly pendingNodes: readonly PendingNode[];
  /** The verdict for the daemon pod on a node where the controller creates one; undefined elsewhere. */
  verdictFor(node: string): SchedulerVerdict | undefined;
}

const FEASIBLE: SchedulerVerdict = Object.freeze({ feasible: true, reasons: Object.freeze([]) as never });
const FEASIBLE_UNKNOWN: SchedulerVerdict = Object.freeze({
  feasible: true, reasons: Object.freeze([]) as never, allocatableUnknown: true,
});

// Node name → position in a node list, built once per list (shared by every DaemonSet over it).
const positions = new WeakMap<readonly NodeInfo[], Map<string, number>>();

function positionsOf(nodes: readonly NodeInfo[]): Map<string, number> {
  let m = positions.get(nodes);
  if (!m) positions.set(nodes, (m = new Map(nodes.map((n, i) => [n.name, i]))));
  return m;
}

/** The daemon pod as the scheduler receives it (the node-name affinity is applied per node by the framework). */
export function daemonPodFor(ds: DaemonSet): SchedPod {
  return createPodTemplate(ds) as SchedPod;
}

/** Filter options for a DaemonSet's pod under the context's feature gates. */
export function daemonFilterOptions(gates: FeatureGates) {
  return {
    daemonPinnedToNode: true,
    specPath: DAEMON_SPEC_PATH,
    labelsPath: 'spec.template.metadata.labels',
    enableTaintTolerationComparisonOperators: gates.TaintTolerationComparisonOperators === true,
  };
}

const PENDING = 1;
const UNKNOWN = 2;

// Arrays rather than maps keyed by node name: an edit over 15,000 nodes may leave thousands Pending, and what the
// stage allocates per node is paid again by the garbage collector on every edit.
interface Computed {
  created: number;
  allocatableUnknown: number;
  /** The pending nodes' positions in the context's node list, in order (verdicts are shaped when read). */
  pending: number[];
  /** Per position in the context's node list: PENDING, UNKNOWN (allocatable unknown), both or neither. */
  flags: Uint8Array;
  /** Position in the run of the node at position i of the context's list. */
  runAt: (i: number) => number | undefined;
  run?: PodFilterRun;
}

/**
 * The scheduler stage of a DaemonSet, computed when first read. `classes[i]` is the controller's decision for
 * `ctx.nodes[i]` (bit 2: shouldRun), as the placement summary counted it.
 */
export class LazyDaemonScheduling implements DaemonScheduling {
  private done: Computed | undefined;

  constructor(
    private readonly ds: DaemonSet,
    private readonly ctx: Pick<AnalysisContext, 'nodes' | 'scheduling' | 'gates'>,
    private readonly classes: Uint8Array,
  ) {}

  private get computed(): Computed {
    return (this.done ??= this.compute());
  }

  get created(): number {
    return this.computed.created;
  }

  get pending(): number {
    return this.computed.pending.length;
  }

  get allocatableUnknown(): number {
    return this.computed.allocatableUnknown;
  }

  get pendingNodes(): readonly PendingNode[] {
    const c = this.computed;
    return c.pending.map((i) => this.pendingNode(c, i));
  }

  private pendingNode(c: Computed, i: number): PendingNode {
    return { node: (this.ctx.nodes[i] as NodeInfo).name, verdict: c.run?.verdictAt(c.runAt(i)!) as SchedulerVerdict };
  }

  /** The pending nodes grouped by their first reason (field and message), in inventory order. */
  pendingGroups(): { first: PendingNode; count: number }[] {
    const c = this.computed;
    // By field, then message: both are strings the plugins share between nodes, so no key is built per node.
    const groups = new Map<string, Map<string, { i: number; count: number }>>();
    const ordered: { i: number; count: number }[] = [];
    for (const i of c.pending) {
      const r = c.run?.firstReasonAt(c.runAt(i)!);
      const field = r?.field ?? '';
      const message = r?.message ?? '';
      let byMessage = groups.get(field);
      if (!byMessage) groups.set(field, (byMessage = new Map()));
      const g = byMessage.get(message);
      if (g) g.count++;
      else {
        const first = { i, count: 1 };
        byMessage.set(message, first);
        ordered.push(first);
      }
    }
    return ordered.map((g) => ({ first: this.pendingNode(c, g.i), count: g.count }));
  }

  verdictFor(node: string): SchedulerVerdict | undefined {
    const i = positionsOf(this.ctx.nodes).get(node);
    if (i === undefined || !((this.classes[i] ?? 0) & 2)) return undefined;
    const c = this.computed;
    const flags = c.flags[i] ?? 0;
    if (flags & PENDING) return c.run?.verdictAt(c.runAt(i)!);
    if (flags & UNKNOWN) return FEASIBLE_UNKNOWN;
    return FEASIBLE;
  }

  private compute(): Computed {
    const nodes = this.ctx.nodes;
    const out: Computed = {
      created: 0, allocatableUnknown: 0, pending: [], flags: new Uint8Array(nodes.length), runAt: (i) => i,
    };
    let any = false;
    for (let i = 0; i < nodes.length && !any; i++) any = ((this.classes[i] ?? 0) & 2) !== 0;
    if (!any) return out;
    const infos = schedulingFor(this.ctx);
    // The usual case: the state was built from these very nodes, in this order; else look nodes up by name.
    const list = infos.nodes();
    let aligned = list.length === nodes.length;
    for (let i = 0; aligned && i < nodes.length; i++) aligned = list[i]?.node === nodes[i];
    const index = aligned ? undefined : new Map(list.map((v, i) => [v.node.name, i]));
    if (index) out.runAt = (i) => index.get((nodes[i] as NodeInfo).name);
    // Only nodes where the controller creates the pod are evaluated: the others get no verdict anyway. The
    // controller's decision follows from the same pod template and gates that key the run.
    const classes = this.classes;
    const only = aligned ? { key: 'shouldRun', select: () => (i: number) => ((classes[i] ?? 0) & 2) !== 0 } : undefined;
    const run = filterPodOverInventory(infos, daemonPodFor(this.ds), daemonFilterOptions(this.ctx.gates), only);
    for (let i = 0; i < nodes.length; i++) {
      if (!((this.classes[i] ?? 0) & 2)) continue;
      const at = out.runAt(i);
      if (at === undefined) continue; // a node the scheduler state does not know yet
      out.created++;
      if (run.nodes[at]?.node.allocatable === undefined) {
        out.allocatableUnknown++;
        out.flags[i]! |= UNKNOWN;
      }
      if (!run.feasibleAt(at)) {
        out.pending.push(i);
        out.flags[i]! |= PENDING;
      }
    }
    out.run = run;
    return out;
  }
}

/**
 * `kce.wouldBePending`: one warning per distinct first reason (its field and message), located on that field,
 * naming the first node with its numbers, how many nodes share it, and the inventory.
 */
export function wouldBePendingInsights(s: LazyDaemonScheduling, inventoryLabel: string): Insight[] {
  if (s.pending === 0) return [];
  const scope = `${s.pending} of ${s.created} node${s.created === 1 ? '' : 's'} in ${inventoryLabel} where the ` +
    'controller creates the pod; Filter stage only, no preemption';
  return s.pendingGroups().map(({ first, count }) => {
    const where = count > 1 ? `on ${first.node} and ${count - 1} more` : `on ${first.node}`;
    return {
      code: 'kce.wouldBePending',
      severity: 'warning',
      field: first.verdict.reasons[0]?.field ?? DAEMON_SPEC_PATH,
      message: `${schedulerMessage.wouldBePending(verdictText(first.verdict))} ${where} (${scope})`,
    };
  });
}
