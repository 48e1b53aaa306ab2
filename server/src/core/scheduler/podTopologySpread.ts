// The PodTopologySpread Filter as kube-scheduler v1.35 runs it, for `whenUnsatisfiable: DoNotSchedule`: PreFilter
// counts the pods matching each constraint per topology domain over the eligible nodes once; Filter checks one node.
// Upstream text read: filtering.go and common.go of the v1.35 era (taint comparison-operator gate, fwk package).
// Default constraints are not evaluated: the system defaults (hostname maxSkew 3, zone maxSkew 5) are ScheduleAnyway,
// so for DoNotSchedule they yield no constraint and a pod without its own constraints is skipped, as upstream.
import { schedulerMessage } from '../../codes/scheduler';
import { labelValue, selectorFromSet, compileLabelSelector, type CompiledLabelSelector, type Labels } from '../labels';
import { child, index, type FieldPath } from '../fieldPath';
import { getRequiredNodeAffinity, type AffinityNode } from '../nodeAffinity';
import { findMatchingUntoleratedTaint, isNoScheduleOrNoExecute } from '../taints';
import type { FilterResult, SchedNode, SchedPod, TopologySpreadConstraint } from './types';
import { podLabels, podNamespace, type NodePodsView } from './affinityTerms';
import { namespaceIndex } from './podsByNamespace';
import { listOf, objectsOf } from './resource';
import { labelSelectorShapeError, stringListError } from './shapes';
import { isObject } from '../values';

export const ERR_REASON_CONSTRAINTS_NOT_MATCH = schedulerMessage.podTopologySpread();
export const ERR_REASON_NODE_LABEL_NOT_MATCH = schedulerMessage.podTopologySpreadMissingLabel();

/** topologySpreadConstraint: one constraint with its selector parsed and its defaults applied. */
export interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  selector: CompiledLabelSelector;
  minDomains: number;
  nodeAffinityPolicy: string;
  nodeTaintsPolicy: string;
  /** Index in the pod's topologySpreadConstraints, for the field path of a verdict. */
  index: number;
}

export interface PodTopologySpreadOptions {
  /** TaintTolerationComparisonOperators feature gate (Gt/Lt tolerations), for nodeTaintsPolicy: Honor. */
  enableComparisonOperators?: boolean;
  /** Where the pod spec sits in the edited document; verdict fields are rooted there. */
  specPath?: FieldPath;
  /**
   * The pod is a DaemonSet's: on each node it is the daemon pod created for that node, whose required node affinity
   * is replaced by `metadata.name In [node]` (ReplaceDaemonSetPodNodeNameNodeAffinity). With nodeAffinityPolicy Honor
   * only that node is then an eligible domain of its own spread constraints.
   */
  daemonPinnedToNode?: boolean;
}

/** preFilterState: constraints, matching pods per domain of each constraint, and each constraint's global minimum. */
export interface PodTopologySpreadState {
  /** PreFilter returned Skip (no DoNotSchedule constraint): every node passes. */
  skip: boolean;
  /** PreFilter failed (a selector that does not parse): every node gets this verdict. */
  rejection?: FilterResult;
  constraints: SpreadConstraint[];
  /** TpValueToMatchNum: per constraint, topology value → matching pods on eligible nodes. */
  tpValueToMatchNum: Map<string, number>[];
  /** criticalPaths[i][0].MatchNum: the smallest count over the domains of constraint i (MaxInt32 when none). */
  minMatchNum: number[];
  /** Whether the incoming pod matches each constraint's selector (it would add itself to the domain). */
  selfMatch: boolean[];
  /** Per constraint: counted on the evaluated node alone (a daemon pod pinned to it, nodeAffinityPolicy Honor). */
  pinned: boolean[];
  /** What a pinned constraint needs to count on one node. */
  pinnedInputs?: {
    pod: SchedPod;
    affinity: NodeAffinityMatcher;
    enableComparisonOperators: boolean;
    /** Per constraint: node name → matching pods of the pod's namespace on it (absent: none). */
    countOnNode: Map<string, number>[];
  };
  specPath: FieldPath;
}

/** A pod's required node affinity, as the inclusion policies ask it. */
interface NodeAffinityMatcher {
  matches(node: AffinityNode): boolean;
}

const MAX_INT32 = 2147483647;

// Port of mergeLabelSetWithSelector (framework/plugins/podtopologyspread/common.go).
function mergeLabelSetWithSelector(
  matchLabels: Record<string, string>,
  s: CompiledLabelSelector,
): CompiledLabelSelector {
  if (s.constant === false) return s; // labels.Nothing() has no requirements to add to
  const fromSet = selectorFromSet(matchLabels);
  return {
    requirements: [...fromSet.requirements, ...s.requirements],
    matches: (labels) => fromSet.matches(labels) && s.matches(labels),
  };
}

/** Why a constraint does not have the API's types (the API server would refuse it), or undefined. */
function constraintShapeError(c: unknown): string | undefined {
  if (!isObject(c)) return 'must be a map';
  if (typeof c.topologyKey !== 'string') return 'topologyKey must be a string';
  if (typeof c.maxSkew !== 'number') return 'maxSkew must be a number';
  if (c.minDomains !== undefined && c.minDomains !== null && typeof c.minDomains !== 'number') {
    return 'minDomains must be a number';
  }
  return labelSelectorShapeError(c.labelSelector) ?? stringListError(c.matchLabelKeys, 'matchLabelKeys');
}

// Port of PodTopologySpread.filterTopologySpreadConstraints (framework/plugins/podtopologyspread/common.go),
// with the MatchLabelKeysInPodTopologySpread and NodeInclusionPolicyInPodTopologySpread gates on (v1.35 defaults).
export function filterTopologySpreadConstraints(
  constraints: readonly TopologySpreadConstraint[],
  labels: Labels,
  action: string,
): { constraints: SpreadConstraint[]; error?: string } {
  const out: SpreadConstraint[] = [];
  for (let i = 0; i < constraints.length; i++) {
    const c = constraints[i] as TopologySpreadConstraint;
    const shape = constraintShapeError(c);
    if (shape !== undefined) return { constraints: [], error: `topologySpreadConstraints[${i}]: ${shape}` };
    if (c.whenUnsatisfiable !== action) continue;
    let selector = compileLabelSelector(c.labelSelector);
    if (selector.error !== undefined) return { constraints: [], error: selector.error };
    const matchLabels: Record<string, string> = {};
    let any = false;
    for (const key of listOf(c.matchLabelKeys)) {
      const v = labelValue(labels, key);
      if (v !== undefined) {
        matchLabels[key] = v;
        any = true;
      }
    }
    if (any) selector = mergeLabelSetWithSelector(matchLabels, selector);
    out.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector,
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: c.nodeAffinityPolicy ?? 'Honor',
      nodeTaintsPolicy: c.nodeTaintsPolicy ?? 'Ignore',
      index: i,
    });
  }
  return { constraints: out };
}

// Port of nodeLabelsMatchSpreadConstraints (framework/plugins/podtopologyspread/common.go).
function nodeLabelsMatchSpreadConstraints(nodeLabels: Labels, constraints: readonly SpreadConstraint[]): boolean {
  for (const c of constraints) if (labelValue(nodeLabels, c.topologyKey) === undefined) return false;
  return true;
}

// Port of countPodsMatchSelector (framework/plugins/podtopologyspread/common.go).
function countPodsMatchSelector(pods: NodePodsView['pods'], selector: CompiledLabelSelector, ns: string): number {
  if (selector.constant === true) return 0; // selector.Empty(): an empty labelSelector counts nothing
  let count = 0;
  for (let i = 0; i < pods.length; i++) {
    const p = pods[i]!.pod;
    if (p.metadata?.deletionTimestamp || podNamespace(p) !== ns) continue; // terminating pods are bypassed
    if (selector.matches(podLabels(p))) count++;
  }
  return count;
}

/** The pod's node affinity and taint verdicts for one node, computed at most once per node. */
class NodeInclusion {
  private affinity: boolean | undefined;
  private taints: boolean | undefined;
  constructor(
    private readonly pod: SchedPod,
    private readonly node: SchedNode,
    private readonly required: NodeAffinityMatcher,
    private readonly enableComparisonOperators: boolean,
  ) {}

  // Port of topologySpreadConstraint.matchNodeInclusionPolicies (framework/plugins/podtopologyspread/common.go).
  matches(c: SpreadConstraint): boolean {
    if (c.nodeAffinityPolicy === 'Honor') {
      // Parse errors of the node affinity are ignored here, as upstream does.
      this.affinity ??= this.required.matches(this.node);
      if (!this.affinity) return false;
    }
    if (c.nodeTaintsPolicy === 'Honor') {
      const { taints } = this.node;
      const tolerations = objectsOf(this.pod.spec?.tolerations);
      const comparison = this.enableComparisonOperators;
      this.taints ??=
        findMatchingUntoleratedTaint(taints, tolerations, isNoScheduleOrNoExecute, comparison) === undefined;
      if (!this.taints) return false;
    }
    return true;
  }
}

function skipState(specPath: FieldPath): PodTopologySpreadState {
  return { skip: true, constraints: [], tpValueToMatchNum: [], minMatchNum: [], selfMatch: [], pinned: [], specPath };
}

// Port of PodTopologySpread.PreFilter and calPreFilterState (framework/plugins/podtopologyspread/filtering.go),
// with getConstraints (plugin.go) for a pod's own constraints.
export function preFilterPodTopologySpread(
  pod: SchedPod,
  nodes: readonly NodePodsView[],
  opts: PodTopologySpreadOptions = {},
): PodTopologySpreadState {
  const specPath = opts.specPath ?? 'spec';
  const state = skipState(specPath);
  const raw: unknown = pod.spec?.topologySpreadConstraints;
  const own = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]) as TopologySpreadConstraint[];
  if (own.length === 0) return state; // default constraints are ScheduleAnyway only: nothing to filter on
  const parsed = filterTopologySpreadConstraints(own, podLabels(pod), 'DoNotSchedule');
  if (parsed.error !== undefined) {
    state.skip = false;
    state.rejection = {
      plugin: 'PodTopologySpread',
      code: 'Error',
      reasons: [schedulerMessage.podTopologySpreadConstraints(parsed.error)],
      field: child(specPath, 'topologySpreadConstraints'),
    };
    return state;
  }
  const constraints = parsed.constraints;
  if (constraints.length === 0) return state;

  state.skip = false;
  state.constraints = constraints;
  state.tpValueToMatchNum = constraints.map(() => new Map<string, number>());
  const pinnedToNode = opts.daemonPinnedToNode ?? false;
  state.pinned = constraints.map((c) => pinnedToNode && c.nodeAffinityPolicy === 'Honor');
  const required = getRequiredNodeAffinity(pod.spec);
  const ns = podNamespace(pod);
  const enableComparisonOperators = opts.enableComparisonOperators ?? false;
  const countOnNode = constraints.map(() => new Map<string, number>());
  if (state.pinned.includes(true)) {
    state.pinnedInputs = { pod, affinity: daemonPodNodeSelector(pod), enableComparisonOperators, countOnNode };
  }
  const allPinned = state.pinned.every(Boolean);
  const ix = namespaceIndex(nodes);
  for (let n = 0; n < nodes.length; n++) {
    const ni = nodes[n]!;
    const node = ni.node;
    // A pinned constraint's Filter needs each node's own count; whether the node is a domain is checked there.
    const nsPods = ix.podsIn(n, ns);
    for (let i = 0; i < constraints.length && nsPods.length > 0; i++) {
      if (!state.pinned[i]) continue;
      const k = countPodsMatchSelector(nsPods, (constraints[i] as SpreadConstraint).selector, ns);
      if (k > 0) (countOnNode[i] as Map<string, number>).set(node.name, k);
    }
    if (allPinned || !nodeLabelsMatchSpreadConstraints(node.labels, constraints)) continue;
    const inclusion = new NodeInclusion(pod, node, required, enableComparisonOperators);
    for (let i = 0; i < constraints.length; i++) {
      const c = constraints[i] as SpreadConstraint;
      if (state.pinned[i] || !inclusion.matches(c)) continue;
      const value = labelValue(node.labels, c.topologyKey) as string;
      const counts = state.tpValueToMatchNum[i] as Map<string, number>;
      counts.set(value, (counts.get(value) ?? 0) + countPodsMatchSelector(nsPods, c.selector, ns));
    }
  }
  const labels = podLabels(pod);
  for (let i = 0; i < constraints.length; i++) {
    let min = MAX_INT32;
    for (const n of (state.tpValueToMatchNum[i] as Map<string, number>).values()) if (n < min) min = n;
    state.minMatchNum.push(min);
    state.selfMatch.push((constraints[i] as SpreadConstraint).selector.matches(labels));
  }
  return state;
}

// The daemon pod's required node affinity on the node it is created for: its nodeSelector, the pinned name matching
// (ReplaceDaemonSetPodNodeNameNodeAffinity, pkg/controller/daemon/util/daemonset_util.go, drops the other terms).
function daemonPodNodeSelector(pod: SchedPod): NodeAffinityMatcher {
  const ns = pod.spec?.nodeSelector ?? {};
  const selector = Object.keys(ns).length > 0 ? selectorFromSet(ns) : undefined;
  return { matches: (node) => selector === undefined || selector.matches(node.labels) };
}

/** A pinned constraint's domain counts for the one node it is evaluated on: that node alone, if eligible. */
function pinnedCounts(state: PodTopologySpreadState, i: number, nodeInfo: Pick<NodePodsView, 'node' | 'pods'>) {
  const inputs = state.pinnedInputs!;
  const c = state.constraints[i] as SpreadConstraint;
  const node = nodeInfo.node;
  const eligible =
    nodeLabelsMatchSpreadConstraints(node.labels, state.constraints) &&
    new NodeInclusion(inputs.pod, node, inputs.affinity, inputs.enableComparisonOperators).matches(c);
  if (!eligible) return { domains: 0, matchNum: 0, min: MAX_INT32 };
  const n = inputs.countOnNode[i]?.get(node.name) ?? 0;
  return { domains: 1, matchNum: n, min: n };
}

const constraintField = (state: PodTopologySpreadState, c: SpreadConstraint): FieldPath =>
  index(child(state.specPath, 'topologySpreadConstraints'), c.index);

// Port of PodTopologySpread.Filter and preFilterState.minMatchNum (framework/plugins/podtopologyspread/filtering.go):
// with fewer eligible domains than minDomains the global minimum is taken as 0.
export function filterPodTopologySpread(
  state: PodTopologySpreadState,
  nodeInfo: Pick<NodePodsView, 'node' | 'pods'>,
): FilterResult | undefined {
  if (state.rejection !== undefined) return state.rejection;
  if (state.skip) return undefined;
  const labels = nodeInfo.node.labels;
  for (let i = 0; i < state.constraints.length; i++) {
    const c = state.constraints[i] as SpreadConstraint;
    const tpVal = labelValue(labels, c.topologyKey);
    if (tpVal === undefined) {
      const reasons = [ERR_REASON_NODE_LABEL_NOT_MATCH];
      return {
        plugin: 'PodTopologySpread',
        code: 'UnschedulableAndUnresolvable',
        reasons,
        field: constraintField(state, c),
      };
    }
    const counts = state.tpValueToMatchNum[i] as Map<string, number>;
    const { domains, matchNum, min } = state.pinned[i]
      ? pinnedCounts(state, i, nodeInfo)
      : { domains: counts.size, matchNum: counts.get(tpVal) ?? 0, min: state.minMatchNum[i] as number };
    const minMatchNum = domains < c.minDomains ? 0 : min;
    const skew = matchNum + (state.selfMatch[i] ? 1 : 0) - minMatchNum;
    if (skew > c.maxSkew) {
      const reasons = [ERR_REASON_CONSTRAINTS_NOT_MATCH];
      return { plugin: 'PodTopologySpread', code: 'Unschedulable', reasons, field: constraintField(state, c) };
    }
  }
  return undefined;
}
