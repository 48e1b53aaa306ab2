// The scheduler's Filter stage for one pod over an inventory, shaped once for every surface (hover, lens, views,
// CLI, insights): per node, feasible or the plugins' reasons with the pod field responsible. DaemonSets pass the
// daemon pod (pinned to each node), other workloads their template pod. This is the Filter stage only: no scoring,
// no preemption, no replica-by-replica placement.
import { DEFAULT_FILTER_ORDER, filterNode, prepareFilters, type FilterOutcome, type PreparedPod } from
  '../core/scheduler/framework';
import { ClusterNodeInfos, type NodeInfo as SchedNodeInfo } from '../core/scheduler/nodeInfo';
import type { FilterOptions, InsufficientResource, NodeInfoView, PluginName, SchedPod, WantedHostPort } from
  '../core/scheduler/types';
import { podHoldingPort } from '../core/scheduler/hostPorts';
import type { NodeInfo } from '../core/types';
import type { AnalysisContext, FieldPath } from './types';

/** One upstream reason string, with the plugin that returned it and the pod field responsible. */
export interface SchedulerReason {
  plugin: PluginName;
  /** The plugin's reason string, exactly as upstream returns it (`Insufficient cpu`). */
  message: string;
  /** The pod field in the user's document; the pod spec itself when the plugin names no field. */
  field: FieldPath;
}

/** The Filter stage's verdict for one node. Verdicts are shared between nodes: read-only. */
export interface SchedulerVerdict {
  feasible: boolean;
  reasons: readonly SchedulerReason[];
  /** NodeResourcesFit's numbers when it rejected the node (requested, used, capacity per resource). */
  insufficient?: readonly InsufficientResource[];
  /** The node has no allocatable in the inventory: NodeResourcesFit was not run there (never "Insufficient"). */
  allocatableUnknown?: boolean;
  /** NodePorts' port when it rejected the node: the address in use there and, when found, the pod holding it. */
  hostPort?: PortInUse;
}

/** A host port taken on a node: `hostIP` as held there, `pod` the `namespace/name` of the pod holding it. */
export interface PortInUse extends WantedHostPort {
  pod?: string;
}

/** The Filter stage of one pod over every node of an inventory. */
export interface PodFilterRun {
  /** The node views evaluated, in inventory order. */
  readonly nodes: readonly NodeInfoView[];
  /**
   * One verdict per node, aligned with `nodes` (shaped when first read; prefer verdictAt for a few nodes);
   * undefined for nodes a selection left out.
   */
  readonly verdicts: readonly (SchedulerVerdict | undefined)[];
  /** Whether the node at position `i` of `nodes` takes the pod (no verdict is shaped). */
  feasibleAt(i: number): boolean;
  /** The verdict for the node at position `i` of `nodes`. */
  verdictAt(i: number): SchedulerVerdict | undefined;
  /** The first reason of the node at position `i` (none when it takes the pod), without shaping its verdict. */
  firstReasonAt(i: number): SchedulerReason | undefined;
  readonly feasible: number;
  /** Nodes evaluated without NodeResourcesFit because their allocatable is unknown. */
  readonly allocatableUnknown: number;
  verdictFor(nodeName: string): SchedulerVerdict | undefined;
}

// ClusterNodeInfos built from a plain node list (no pods), one per list: every inventory gets the stage.
const fromNodes = new WeakMap<readonly NodeInfo[], ClusterNodeInfos>();

/** The per-node scheduler state of a context: its own, or one built (once per node list) from its nodes alone. */
export function schedulingFor(ctx: Pick<AnalysisContext, 'nodes' | 'scheduling'>): ClusterNodeInfos {
  if (ctx.scheduling) return ctx.scheduling;
  let infos = fromNodes.get(ctx.nodes);
  if (!infos) {
    infos = new ClusterNodeInfos();
    for (const n of ctx.nodes) infos.setNode(n);
    fromNodes.set(ctx.nodes, infos);
  }
  return infos;
}

/**
 * A number that changes whenever a node or a pod of the state changes: the node list is rebuilt when nodes come or
 * go, and each node's generation only grows. Cheap (one pass over the nodes, no allocation).
 */
export function schedulingGeneration(infos: ClusterNodeInfos): number {
  let sum = 0;
  const list = infos.nodes() as readonly SchedNodeInfo[];
  for (let i = 0; i < list.length; i++) sum += (list[i] as SchedNodeInfo).generation + 1;
  return sum * 1_000_003 + list.length;
}

interface CacheEntry {
  list: readonly NodeInfoView[];
  generation: number;
  run: PodFilterRun;
}

// Runs reused while neither the pod (by key) nor the state changed; bounded, as each run holds a row per node.
const runs = new WeakMap<ClusterNodeInfos, Map<string, CacheEntry>>();
const MAX_CACHED_RUNS = 16;

const WITHOUT_FIT = DEFAULT_FILTER_ORDER.filter((p) => p !== 'NodeResourcesFit');

/** What identifies a run: the pod and every option (the namespaces map by its entries). */
function runKey(pod: SchedPod, opts: FilterOptions): string {
  const { namespaces, ...rest } = opts;
  return JSON.stringify([pod, rest, namespaces ? [...namespaces] : null]);
}

/**
 * Run the Filter stage for `pod` over every node of `infos`: PreFilter once, then Filter per node. Nodes without
 * allocatable are evaluated without NodeResourcesFit (prepared separately, only when such nodes exist). The result
 * is reused while the pod and the state are unchanged.
 */
export function filterPodOverInventory(
  infos: ClusterNodeInfos,
  pod: SchedPod,
  opts: FilterOptions = {},
  only?: NodeSelection,
): PodFilterRun {
  const key = runKey(pod, opts) + (only ? `\u0000${only.key}` : '');
  const list = infos.nodes();
  const generation = schedulingGeneration(infos);
  let cache = runs.get(infos);
  if (!cache) runs.set(infos, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.list === list && hit.generation === generation) return hit.run;
  const run = computeRun(pod, list, opts, only?.select(list));
  if (cache.size >= MAX_CACHED_RUNS) cache.delete(cache.keys().next().value as string);
  cache.set(key, { list, generation, run });
  return run;
}

/**
 * Evaluate only some nodes (the others get no verdict): `select` answers per position of the state's node list,
 * `key` names the selection for reuse (the same key must select the same nodes for the same pod and state).
 */
export interface NodeSelection {
  key: string;
  select(list: readonly NodeInfoView[]): (i: number) => boolean;
}

function computeRun(
  pod: SchedPod,
  list: readonly NodeInfoView[],
  opts: FilterOptions,
  selected?: (i: number) => boolean,
): PodFilterRun {
  const specPath = opts.specPath ?? 'spec';
  const prepared = prepareFilters(pod, list, opts);
  let withoutFit: PreparedPod | undefined;
  // Raw outcomes first; a verdict is shaped only when read (most readers want counts and a few rows).
  const outcomes: FilterOutcome[] = new Array(list.length);
  const unknownAt = new Uint8Array(list.length);
  let feasible = 0;
  let unknown = 0;
  for (let i = 0; i < list.length; i++) {
    if (selected && !selected(i)) continue;
    const view = list[i] as NodeInfoView;
    let o: FilterOutcome;
    if (view.node.allocatable === undefined) {
      withoutFit ??= prepareFilters(pod, list, { ...opts, plugins: opts.plugins?.filter((p) => p !== 'NodeResourcesFit')
        ?? WITHOUT_FIT });
      o = filterNode(withoutFit, view);
      unknownAt[i] = 1;
      unknown++;
    } else {
      o = filterNode(prepared, view);
    }
    if (o.feasible) feasible++;
    outcomes[i] = o;
  }
  const shaped = new Map<FilterOutcome, SchedulerVerdict>();
  const shapedUnknown = new Map<FilterOutcome, SchedulerVerdict>();
  // Verdicts naming the pod that holds a port are per node (the outcome is shared by every node it rejects).
  const withPorts = new Map<number, SchedulerVerdict>();
  const verdictAt = (i: number): SchedulerVerdict | undefined => {
    const o = outcomes[i];
    if (!o) return undefined;
    const v = unknownAt[i] ? shape(o, specPath, shapedUnknown, true) : shape(o, specPath, shaped, false);
    const want = o.feasible ? undefined : o.results.find((r) => r.hostPort)?.hostPort;
    if (!want) return v;
    let pv = withPorts.get(i);
    if (!pv) withPorts.set(i, (pv = { ...v, hostPort: portInUse(list[i] as NodeInfoView, want) }));
    return pv;
  };
  let index: Map<string, number> | undefined;
  let all: (SchedulerVerdict | undefined)[] | undefined;
  return {
    nodes: list,
    get verdicts() {
      return (all ??= Array.from(outcomes, (_, i) => verdictAt(i)));
    },
    feasible,
    allocatableUnknown: unknown,
    feasibleAt: (i) => outcomes[i]?.feasible === true,
    verdictAt,
    firstReasonAt(i) {
      const r = outcomes[i]?.results[0];
      const message = r?.reasons[0];
      return r && message !== undefined ? { plugin: r.plugin, message, field: r.field ?? specPath } : undefined;
    },
    verdictFor(name) {
      index ??= new Map(list.map((n, i) => [n.node.name, i]));
      const i = index.get(name);
      return i === undefined ? undefined : verdictAt(i);
    },
  };
}

/** The port as held on the node, and by which pod (the wanted port as is when no pod is found). */
function portInUse(view: NodeInfoView, want: WantedHostPort): PortInUse {
  const holder = podHoldingPort(view.pods, want);
  return holder ? { ...want, hostIP: holder.hostIP, pod: holder.pod } : { ...want };
}

/** A verdict per distinct outcome (the framework shares outcomes between nodes rejected alike). */
function shape(
  o: FilterOutcome,
  specPath: FieldPath,
  cache: Map<FilterOutcome, SchedulerVerdict>,
  allocatableUnknown: boolean,
): SchedulerVerdict {
  let v = cache.get(o);
  if (v) return v;
  const reasons: SchedulerReason[] = [];
  let insufficient: InsufficientResource[] | undefined;
  for (const r of o.results) {
    for (const message of r.reasons) reasons.push({ plugin: r.plugin, message, field: r.field ?? specPath });
    if (r.insufficient) (insufficient ??= []).push(...r.insufficient);
  }
  v = { feasible: o.feasible, reasons };
  if (insufficient) v.insufficient = insufficient;
  if (allocatableUnknown) v.allocatableUnknown = true;
  cache.set(o, v);
  return v;
}

// ---------- words ----------

const BINARY_UNITS: [string, number][] = [['Ti', 2 ** 40], ['Gi', 2 ** 30], ['Mi', 2 ** 20], ['Ki', 2 ** 10]];

/** An amount of a resource as framework.Resource holds it, written as a user would (`500m`, `4`, `1.5Gi`). */
export function formatAmount(resource: string, n: number): string {
  if (resource === 'cpu') return n % 1000 === 0 ? String(n / 1000) : `${n}m`;
  if (resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) {
    for (const [unit, size] of BINARY_UNITS) {
      if (Math.abs(n) >= size) return `${Number((n / size).toFixed(2))}${unit}`;
    }
  }
  return String(n);
}

/** `Insufficient cpu (requests 500m, 200m free of 4)`, `Too many pods (110 of 110)`. */
export function insufficientText(r: InsufficientResource): string {
  if (r.resourceName === 'pods') return `${r.reason} (${r.used} of ${r.capacity} running)`;
  const free = Math.max(0, r.capacity - r.used);
  const f = (n: number) => formatAmount(r.resourceName, n);
  return `${r.reason} (requests ${f(r.requested)}, ${f(free)} free of ${f(r.capacity)})`;
}

/** `0.0.0.0:9100/TCP in use by kube-prometheus/node-exporter-x`. */
export function portInUseText(p: PortInUse): string {
  return `${p.hostIP}:${p.hostPort}/${p.protocol} in use${p.pod ? ` by ${p.pod}` : ''}`;
}

/** One reason as a sentence: NodeResourcesFit's with its numbers, NodePorts' with the port taken. */
export function reasonText(v: SchedulerVerdict, reason: SchedulerReason): string {
  if (reason.plugin === 'NodePorts' && v.hostPort) return `${reason.message} (${portInUseText(v.hostPort)})`;
  const numbers = reason.plugin === 'NodeResourcesFit'
    ? v.insufficient?.find((r) => r.reason === reason.message)
    : undefined;
  return numbers ? insufficientText(numbers) : reason.message;
}

/** Every reason of a verdict, joined: `Insufficient cpu (requests 500m, 200m free of 4); Insufficient memory (…)`. */
export function verdictText(v: SchedulerVerdict): string {
  if (v.feasible) return v.allocatableUnknown ? 'fits (allocatable unknown: resources not checked)' : 'fits';
  const text = v.reasons.map((r) => reasonText(v, r)).join('; ');
  return v.allocatableUnknown ? `${text} (allocatable unknown: resources not checked)` : text;
}
