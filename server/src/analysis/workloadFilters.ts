// The Filter stage for one pod over the inventory in use, shaped as per-node verdicts with located reasons.
// Nodes whose inventory entry has no allocatable are never called short of resources: NodeResourcesFit is skipped
// there and the verdict says so (allocatableUnknown).
import { DEFAULT_FILTER_ORDER, filterNode, prepareFilters, type PreparedPod } from '../core/scheduler/framework';
import { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import type { FilterOptions, NodeInfoView, PluginName, SchedPod } from '../core/scheduler/types';
import type { FieldPath } from '../core/fieldPath';
import type { AnalysisContext } from './types';

export interface SchedulingReason {
  /** The upstream plugin name (NodeResourcesFit, NodePorts…), which is also its code in codes/scheduler.ts. */
  plugin: PluginName;
  /** The plugin's reason string, exactly. */
  message: string;
  /** The pod field responsible, in the user's document, when known. */
  field?: FieldPath;
}

export interface SchedulingVerdict {
  name: string;
  feasible: boolean;
  reasons: SchedulingReason[];
  /** The node has no allocatable in the inventory: NodeResourcesFit was not run there. */
  allocatableUnknown?: boolean;
}

const empty = new WeakMap<object, ClusterNodeInfos>();

/** The per-node scheduler state of a context: its own, or one built from its nodes with no pods (cached). */
export function schedulingFor(ctx: AnalysisContext): ClusterNodeInfos {
  const own = (ctx as { scheduling?: ClusterNodeInfos }).scheduling;
  if (own) return own;
  let infos = empty.get(ctx.nodes);
  if (!infos) {
    infos = new ClusterNodeInfos();
    for (const n of ctx.nodes) infos.setNode(n);
    empty.set(ctx.nodes, infos);
  }
  return infos;
}

const ids = new WeakMap<object, number>();
let nextId = 1;

/** A value that changes whenever the node set or any node's pods change (NodeInfo.generation only grows). */
function stateStamp(infos: ClusterNodeInfos, views: readonly NodeInfoView[], gates: unknown): string {
  let id = ids.get(views);
  if (id === undefined) ids.set(views, (id = nextId++));
  let gen = 0;
  for (const v of views) gen += (v as { generation?: number }).generation ?? 0;
  return `${id}:${infos.podCount()}:${gen}:${JSON.stringify(gates)}`;
}

const WITHOUT_FIT = DEFAULT_FILTER_ORDER.filter((p) => p !== 'NodeResourcesFit');

/** One pod over the inventory: a stamp of the state it reads, and the verdicts, computed when asked. */
export function filterPodOverInventory(
  pod: SchedPod,
  ctx: AnalysisContext,
  opts: Pick<FilterOptions, 'specPath' | 'labelsPath'>,
): { stamp: string; evaluate: () => SchedulingVerdict[] } {
  const infos = schedulingFor(ctx);
  const views = infos.nodes();
  const evaluate = (): SchedulingVerdict[] => {
    const base: FilterOptions = {
      ...opts,
      enableTaintTolerationComparisonOperators: !!ctx.gates.TaintTolerationComparisonOperators,
    };
    const full = prepareFilters(pod, views, base);
    let noFit: PreparedPod | undefined;
    return views.map((v) => {
      const unknown = v.node.allocatable === undefined;
      const prepared = unknown ? (noFit ??= prepareFilters(pod, views, { ...base, plugins: WITHOUT_FIT })) : full;
      const out = filterNode(prepared, v);
      const reasons: SchedulingReason[] = [];
      for (const r of out.results) {
        for (const message of r.reasons) reasons.push({ plugin: r.plugin, message, ...(r.field ? { field: r.field } : {}) });
      }
      return { name: v.node.name, feasible: out.feasible, reasons, ...(unknown ? { allocatableUnknown: true } : {}) };
    });
  };
  return { stamp: stateStamp(infos, views, ctx.gates), evaluate };
}
