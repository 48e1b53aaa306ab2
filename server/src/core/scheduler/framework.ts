// Running the Filter plugins for one pod the way the default scheduler profile does (v1.35): every PreFilter once,
// in profile order (a rejection there rejects every node; node-name results narrow the candidates), then per node
// every Filter in the same order, stopping at the first rejection (frameworkImpl.RunFilterPlugins).
// Scoring, preemption, volume and DRA plugins are outside this stage.
import { schedulerMessage } from '../../codes/scheduler';
import { nodeAffinity } from './plugins/nodeAffinity';
import { nodeName } from './plugins/nodeName';
import { nodePorts } from './plugins/nodePorts';
import { nodeResourcesFit } from './plugins/nodeResourcesFit';
import { nodeUnschedulable } from './plugins/nodeUnschedulable';
import { interPodAffinity, podTopologySpread } from './plugins/spreadAndAffinity';
import { taintToleration } from './plugins/taintToleration';
import type {
  CycleContext,
  FilterOptions,
  FilterPlugin,
  FilterResult,
  NodeInfoView,
  PluginName,
  SchedPod,
} from './types';

/** The default profile's filter order (pkg/scheduler/apis/config/v1/default_plugins.go), volume plugins left out. */
export const DEFAULT_FILTER_ORDER: readonly PluginName[] = Object.freeze([
  'NodeUnschedulable',
  'NodeName',
  'TaintToleration',
  'NodeAffinity',
  'NodePorts',
  'NodeResourcesFit',
  'PodTopologySpread',
  'InterPodAffinity',
]);

const registry = new Map<PluginName, FilterPlugin<unknown>>();
for (const p of [nodeUnschedulable, nodeName, taintToleration, nodeAffinity, nodePorts, nodeResourcesFit]) {
  registry.set(p.name, p as FilterPlugin<unknown>);
}
registry.set(podTopologySpread.name, podTopologySpread as FilterPlugin<unknown>);
registry.set(interPodAffinity.name, interPodAffinity as FilterPlugin<unknown>);

/** Replace or add a plugin by name (tests, or a profile with other plugins). */
export function registerFilterPlugin<S>(plugin: FilterPlugin<S>): void {
  registry.set(plugin.name, plugin as FilterPlugin<unknown>);
}

export function cycleContext(opts: FilterOptions = {}): CycleContext {
  return {
    specPath: opts.specPath ?? 'spec',
    enableSidecarContainers: opts.enableSidecarContainers ?? true,
    enablePodLevelResources: opts.enablePodLevelResources ?? true,
    enableTaintTolerationComparisonOperators: opts.enableTaintTolerationComparisonOperators ?? false,
    ignoredResources: new Set(opts.ignoredResources ?? []),
    ignoredResourceGroups: new Set(opts.ignoredResourceGroups ?? []),
    daemonPinnedToNode: opts.daemonPinnedToNode ?? false,
    labelsPath: opts.labelsPath ?? 'metadata.labels',
    namespaces: opts.namespaces,
  };
}

/** A pod after PreFilter: what each plugin's Filter needs, or why no node can take it. */
export interface PreparedPod {
  pod: SchedPod;
  ctx: CycleContext;
  allFailures: boolean;
  steps: { plugin: FilterPlugin<unknown>; state: unknown }[];
  /** Set when a PreFilter rejected the pod: every node gets this result. */
  rejected?: FilterResult;
  /** Candidate node names from PreFilter results (undefined: all nodes), and the plugins that narrowed them. */
  nodeNames?: ReadonlySet<string>;
  narrowedBy: PluginName[];
  /** Plugins in the order that were asked for but are not available (not registered). */
  missing: PluginName[];
  /** Outcomes shared between nodes rejected by the same (frozen) result. */
  outcomes: Map<FilterResult, FilterOutcome>;
}

// Port of frameworkImpl.RunPreFilterPlugins (pkg/scheduler/framework/runtime/framework.go).
export function prepareFilters(
  pod: SchedPod,
  nodes: readonly NodeInfoView[],
  opts: FilterOptions = {},
): PreparedPod {
  const ctx = cycleContext(opts);
  const prepared: PreparedPod = {
    pod, ctx, allFailures: opts.allFailures ?? false, steps: [], narrowedBy: [], missing: [], outcomes: new Map(),
  };
  let names: Set<string> | undefined;
  for (const name of opts.plugins ?? DEFAULT_FILTER_ORDER) {
    const plugin = registry.get(name);
    if (!plugin) {
      prepared.missing.push(name);
      continue;
    }
    let out: ReturnType<typeof plugin.preFilter>;
    try {
      out = plugin.preFilter(pod, ctx, nodes);
    } catch (e) {
      prepared.rejected = internalError(name, e, ctx);
      return prepared;
    }
    if (out.kind === 'skip') continue;
    if (out.kind === 'reject') {
      prepared.rejected = out.result;
      return prepared;
    }
    prepared.steps.push({ plugin, state: out.state });
    if (out.nodeNames) {
      prepared.narrowedBy.push(name);
      names = names === undefined ? new Set(out.nodeNames) : new Set([...names].filter((n) => out.nodeNames?.has(n)));
      if (names.size === 0) {
        const by = prepared.narrowedBy;
        prepared.rejected = {
          plugin: name,
          code: 'Unschedulable',
          reasons: [schedulerMessage.preFilterNoCommonNode(by)],
        };
        return prepared;
      }
    }
  }
  prepared.nodeNames = names;
  return prepared;
}

/**
 * A plugin that threw on input the API server would have refused (a list that is not a list): an Error status
 * naming the plugin and the fault, located at the pod spec, instead of a crash.
 */
function internalError(plugin: PluginName, e: unknown, ctx: CycleContext): FilterResult {
  const why = e instanceof Error ? e.message : String(e);
  return { plugin, code: 'Error', reasons: [schedulerMessage.filterError(plugin, why)], field: ctx.specPath };
}

/** One node's verdict: feasible, or the rejections (the first one only, unless allFailures). */
export interface FilterOutcome {
  feasible: boolean;
  results: FilterResult[];
}

const NO_RESULTS = Object.freeze([]) as unknown as FilterResult[];
const FEASIBLE: FilterOutcome = Object.freeze({ feasible: true, results: NO_RESULTS });

/** Evaluate one node for a prepared pod. */
export function filterNode(prepared: PreparedPod, node: NodeInfoView): FilterOutcome {
  if (prepared.rejected) return { feasible: false, results: [prepared.rejected] };
  if (prepared.nodeNames && !prepared.nodeNames.has(node.node.name)) {
    // Port of the absent-node status set in schedulingAlgorithm.findNodesThatFitPod (pkg/scheduler/schedule_one.go).
    const by = [...prepared.narrowedBy].sort();
    return {
      feasible: false,
      results: [{
        plugin: by[0] as PluginName,
        code: 'UnschedulableAndUnresolvable',
        reasons: [schedulerMessage.preFilterNodeLeftOut(by)],
      }],
    };
  }
  const steps = prepared.steps;
  let results: FilterResult[] | undefined;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as PreparedPod['steps'][number];
    let r: FilterResult | null;
    try {
      r = step.plugin.filter(step.state, prepared.pod, node, prepared.ctx);
    } catch (e) {
      r = internalError(step.plugin.name, e, prepared.ctx);
    }
    if (r === null) continue;
    if (!prepared.allFailures) return firstRejection(prepared, r);
    (results ??= []).push(r);
  }
  return results ? { feasible: false, results } : FEASIBLE;
}

/** One outcome object per distinct rejection, shared by the nodes it rejects (results are not to be mutated). */
function firstRejection(prepared: PreparedPod, r: FilterResult): FilterOutcome {
  let o = prepared.outcomes.get(r);
  if (!o) {
    o = { feasible: false, results: [r] };
    if (Object.isFrozen(r)) prepared.outcomes.set(r, o);
  }
  return o;
}

/**
 * The Filter stage for `pod` on one node. Pass a PreparedPod (from prepareFilters over all nodes) when evaluating
 * many nodes, or when InterPodAffinity / PodTopologySpread must see the other nodes.
 */
export function runFilters(pod: SchedPod | PreparedPod, node: NodeInfoView, opts: FilterOptions = {}): FilterOutcome {
  const prepared = isPrepared(pod) ? pod : prepareFilters(pod, [node], opts);
  return filterNode(prepared, node);
}

function isPrepared(x: SchedPod | PreparedPod): x is PreparedPod {
  return (x as PreparedPod).ctx !== undefined && (x as PreparedPod).steps !== undefined;
}
