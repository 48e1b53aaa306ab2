// The InterPodAffinity Filter as kube-scheduler v1.35 runs it: PreFilter counts, once per pod, the matching pods per
// topology pair (key=value) in both directions; Filter then checks one node with a few map lookups.
// Upstream text read: the fwk-era filtering.go of v1.34 and the v1.36.2 text quoted in public notes agree on every
// function ported here; the v1.35.0 file itself was not in the index (no behaviour change is known in between).
import { schedulerMessage } from '../../codes/scheduler';
import { labelValue, compileLabelSelector, type Labels } from '../labels';
import { child, index, type FieldPath } from '../fieldPath';
import type { FilterResult, SchedPod } from './types';
import {
  affinityTermMatches,
  existingPodTerms,
  parsePodTerms,
  type AffinityTerm,
  type NodePodsView,
} from './affinityTerms';
import { namespaceIndex, type NamespaceIndex } from './podsByNamespace';

export const ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH = schedulerMessage.existingAntiAffinity();
export const ERR_REASON_AFFINITY_RULES_NOT_MATCH = schedulerMessage.podAffinity();
export const ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = schedulerMessage.podAntiAffinity();

/** topologyToMatchedTermCount: topology key → topology value → number of matches. */
export type TopologyCounts = Map<string, Map<string, number>>;

export interface InterPodAffinityOptions {
  /** Namespace name → labels (for namespaceSelector). Undefined when the inventory has no namespaces. */
  namespaces?: ReadonlyMap<string, Labels>;
  /** Where the pod spec sits in the edited document; verdict fields are rooted there. */
  specPath?: FieldPath;
  /** Where the pod's labels sit in the edited document. */
  labelsPath?: FieldPath;
}

/** preFilterState, plus what the Filter needs to name the field responsible. */
export interface InterPodAffinityState {
  /** PreFilter returned Skip: nothing on either side has required terms that apply, every node passes. */
  skip: boolean;
  /** PreFilter rejected the pod itself (a selector that does not parse): every node gets this verdict. */
  rejection?: FilterResult;
  affinityTerms: AffinityTerm[];
  antiAffinityTerms: AffinityTerm[];
  /** The pod matches all of its own affinity terms (the first pod of a group may then go anywhere). */
  podMatchesOwnAffinity: boolean;
  existingAntiAffinityCounts: TopologyCounts;
  affinityCounts: TopologyCounts;
  antiAffinityCounts: TopologyCounts;
  /** Per anti-affinity term: topology value → matching pods. Names the term of a verdict; upstream counts pairs. */
  antiAffinityCountsByTerm: Map<string, number>[];
  /** A namespaceSelector was resolved without a namespace inventory (it then selects no namespace). */
  namespacesUnknown: boolean;
  specPath: FieldPath;
  labelsPath: FieldPath;
}

// Port of topologyToMatchedTermCount.update (framework/plugins/interpodaffinity/filtering.go).
function addCount(m: TopologyCounts, nodeLabels: Labels, topologyKey: string, value: number): void {
  const tv = labelValue(nodeLabels, topologyKey);
  if (tv === undefined) return;
  let byValue = m.get(topologyKey);
  if (byValue === undefined) m.set(topologyKey, (byValue = new Map()));
  byValue.set(tv, (byValue.get(tv) ?? 0) + value);
}

/** len(topologyToMatchedTermCount): the number of topology pairs counted. */
export function pairCount(m: TopologyCounts): number {
  let n = 0;
  for (const byValue of m.values()) n += byValue.size;
  return n;
}

function countAt(m: TopologyCounts, topologyKey: string, value: string): number {
  return m.get(topologyKey)?.get(value) ?? 0;
}

// Port of podMatchesAllAffinityTerms (framework/plugins/interpodaffinity/filtering.go).
function podMatchesAllAffinityTerms(terms: readonly AffinityTerm[], pod: SchedPod): boolean {
  if (terms.length === 0) return false;
  for (const t of terms) if (!affinityTermMatches(t, pod, undefined)) return false;
  return true;
}

// Port of InterPodAffinity.getExistingAntiAffinityCounts (framework/plugins/interpodaffinity/filtering.go).
function existingAntiAffinityCounts(
  pod: SchedPod,
  nsLabels: Labels | undefined,
  nodes: readonly NodePodsView[],
): TopologyCounts {
  const counts: TopologyCounts = new Map();
  for (const ni of nodes) {
    const withAnti = ni.podsWithRequiredAntiAffinity;
    for (let i = 0; i < withAnti.length; i++) {
      for (const term of existingPodTerms(withAnti[i]!.pod).requiredAntiAffinity) {
        if (affinityTermMatches(term, pod, nsLabels)) addCount(counts, ni.node.labels, term.topologyKey, 1);
      }
    }
  }
  return counts;
}

type PodRefs = NodePodsView['pods'];

/**
 * The pods of node `n` that `term` can select by namespace: after mergeTermNamespaces an incoming pod's term lists its
 * namespaces (namespaceSelector Nothing) or takes every namespace (Everything), so only those pods need a look.
 */
function candidates(
  ix: NamespaceIndex,
  n: number,
  ni: NodePodsView,
  term: AffinityTerm,
  namespaces: string[],
): PodRefs {
  if (term.namespaceSelector.constant !== false) return ni.pods;
  if (namespaces.length === 1) return ix.podsIn(n, namespaces[0]!);
  return namespaces.flatMap((ns) => ix.podsIn(n, ns));
}

// Port of InterPodAffinity.getIncomingAffinityAntiAffinityCounts (framework/plugins/interpodaffinity/filtering.go).
function incomingCounts(
  affinityTerms: readonly AffinityTerm[],
  antiTerms: readonly AffinityTerm[],
  nodes: readonly NodePodsView[],
): { affinity: TopologyCounts; anti: TopologyCounts; antiByTerm: Map<string, number>[] } {
  const affinity: TopologyCounts = new Map();
  const anti: TopologyCounts = new Map();
  const antiByTerm = antiTerms.map(() => new Map<string, number>());
  if (affinityTerms.length === 0 && antiTerms.length === 0) return { affinity, anti, antiByTerm };
  const ix = namespaceIndex(nodes);
  const affinityNs = affinityTerms.length > 0 ? [...affinityTerms[0]!.namespaces] : [];
  const antiNs = antiTerms.map((t) => [...t.namespaces]);
  for (let n = 0; n < nodes.length; n++) {
    const ni = nodes[n]!;
    const labels = ni.node.labels;
    if (affinityTerms.length > 0) {
      // A pod counts only if it matches every term, so the first term's namespaces bound the candidates.
      const pods = candidates(ix, n, ni, affinityTerms[0]!, affinityNs);
      for (let i = 0; i < pods.length; i++) {
        if (!podMatchesAllAffinityTerms(affinityTerms, pods[i]!.pod)) continue;
        for (const t of affinityTerms) addCount(affinity, labels, t.topologyKey, 1);
      }
    }
    // The incoming pod's namespaceSelector was merged into its namespaces, so no namespace labels are needed.
    for (let t = 0; t < antiTerms.length; t++) {
      const term = antiTerms[t]!;
      const pods = candidates(ix, n, ni, term, antiNs[t]!);
      if (pods.length === 0) continue;
      const tv = labelValue(labels, term.topologyKey);
      const byTerm = antiByTerm[t]!;
      for (let i = 0; i < pods.length; i++) {
        if (!affinityTermMatches(term, pods[i]!.pod, undefined)) continue;
        addCount(anti, labels, term.topologyKey, 1);
        if (tv !== undefined) byTerm.set(tv, (byTerm.get(tv) ?? 0) + 1);
      }
    }
  }
  return { affinity, anti, antiByTerm };
}

// Port of InterPodAffinity.mergeAffinityTermNamespacesIfNotEmpty (framework/plugins/interpodaffinity/plugin.go).
// Returns false when a selector had to be resolved without any namespace inventory.
function mergeTermNamespaces(term: AffinityTerm, namespaces: ReadonlyMap<string, Labels> | undefined): boolean {
  if (term.namespaceSelector.constant === true) return true; // Empty(): matches every namespace as it is
  if (term.namespaceSelector.constant === false) return true; // Nothing(): lists no namespace, stays Nothing()
  for (const [name, labels] of namespaces ?? []) if (term.namespaceSelector.matches(labels)) term.namespaces.add(name);
  term.namespaceSelector = compileLabelSelector(undefined); // labels.Nothing()
  return namespaces !== undefined;
}

function emptyState(specPath: FieldPath, labelsPath: FieldPath): InterPodAffinityState {
  return {
    skip: true,
    affinityTerms: [],
    antiAffinityTerms: [],
    podMatchesOwnAffinity: false,
    existingAntiAffinityCounts: new Map(),
    affinityCounts: new Map(),
    antiAffinityCounts: new Map(),
    antiAffinityCountsByTerm: [],
    namespacesUnknown: false,
    specPath,
    labelsPath,
  };
}

// Port of InterPodAffinity.PreFilter (framework/plugins/interpodaffinity/filtering.go).
export function preFilterInterPodAffinity(
  pod: SchedPod,
  nodes: readonly NodePodsView[],
  opts: InterPodAffinityOptions = {},
): InterPodAffinityState {
  const specPath = opts.specPath ?? 'spec';
  const labelsPath = opts.labelsPath ?? 'metadata.labels';
  const state = emptyState(specPath, labelsPath);
  const parsed = parsePodTerms(pod);
  if (parsed.error !== undefined) {
    state.skip = false;
    state.rejection = {
      plugin: 'InterPodAffinity',
      code: 'UnschedulableAndUnresolvable',
      reasons: [schedulerMessage.interPodAffinityParsePod(parsed.error)],
      field: child(specPath, 'affinity'),
    };
    return state;
  }
  let resolved = true;
  for (const t of parsed.requiredAffinity) resolved = mergeTermNamespaces(t, opts.namespaces) && resolved;
  for (const t of parsed.requiredAntiAffinity) resolved = mergeTermNamespaces(t, opts.namespaces) && resolved;
  state.namespacesUnknown = !resolved;
  const nsLabels = opts.namespaces?.get(pod.metadata?.namespace ?? '');

  state.affinityTerms = parsed.requiredAffinity;
  state.antiAffinityTerms = parsed.requiredAntiAffinity;
  state.existingAntiAffinityCounts = existingAntiAffinityCounts(pod, nsLabels, nodes);
  const incoming = incomingCounts(parsed.requiredAffinity, parsed.requiredAntiAffinity, nodes);
  state.affinityCounts = incoming.affinity;
  state.antiAffinityCounts = incoming.anti;
  state.antiAffinityCountsByTerm = incoming.antiByTerm;
  state.podMatchesOwnAffinity = podMatchesAllAffinityTerms(parsed.requiredAffinity, pod);
  state.skip =
    pairCount(state.existingAntiAffinityCounts) === 0 &&
    parsed.requiredAffinity.length === 0 &&
    parsed.requiredAntiAffinity.length === 0;
  return state;
}

const requiredPath = (s: InterPodAffinityState, kind: 'podAffinity' | 'podAntiAffinity'): FieldPath =>
  child(s.specPath, 'affinity', kind, 'requiredDuringSchedulingIgnoredDuringExecution');

// Port of satisfyPodAffinity (framework/plugins/interpodaffinity/filtering.go).
// Returns undefined when the node satisfies the pod's affinity, else the field responsible: the term whose topology
// label the node lacks, or the whole list (one pod in the domain must match every term at once).
function unsatisfiedAffinity(state: InterPodAffinityState, nodeLabels: Labels): FieldPath | undefined {
  let podsExist = true;
  for (const term of state.affinityTerms) {
    const tv = labelValue(nodeLabels, term.topologyKey);
    // Every topology label of the terms must exist on the node.
    if (tv === undefined) return index(requiredPath(state, 'podAffinity'), term.index);
    if (countAt(state.affinityCounts, term.topologyKey, tv) <= 0) podsExist = false;
  }
  if (podsExist) return undefined;
  // The first pod of a group with affinity to itself: no pod anywhere matches yet, and the pod matches its own terms.
  if (pairCount(state.affinityCounts) === 0 && state.podMatchesOwnAffinity) return undefined;
  return requiredPath(state, 'podAffinity');
}

// Port of satisfyPodAntiAffinity (framework/plugins/interpodaffinity/filtering.go).
// Returns the index of a term the node violates, or -1. Upstream counts per topology pair, so a term can fail on
// matches of another term with the same key; the verdict is the same, the index names a term with its own matches.
function violatedAntiAffinityTerm(state: InterPodAffinityState, nodeLabels: Labels): number {
  if (pairCount(state.antiAffinityCounts) === 0) return -1;
  let violated = -1;
  for (const term of state.antiAffinityTerms) {
    const tv = labelValue(nodeLabels, term.topologyKey);
    if (tv !== undefined && countAt(state.antiAffinityCounts, term.topologyKey, tv) > 0) {
      violated = term.index;
      break;
    }
  }
  if (violated < 0) return -1;
  for (let t = 0; t < state.antiAffinityTerms.length; t++) {
    const term = state.antiAffinityTerms[t]!;
    const tv = labelValue(nodeLabels, term.topologyKey);
    if (tv !== undefined && (state.antiAffinityCountsByTerm[t]?.get(tv) ?? 0) > 0) return term.index;
  }
  return violated;
}

// Port of satisfyExistingPodsAntiAffinity (framework/plugins/interpodaffinity/filtering.go): looks up
// each counted topology key on the node instead of walking the node's labels, which finds the same pairs.
function violatesExistingAntiAffinity(state: InterPodAffinityState, nodeLabels: Labels): boolean {
  for (const [key, byValue] of state.existingAntiAffinityCounts) {
    const tv = labelValue(nodeLabels, key);
    if (tv !== undefined && (byValue.get(tv) ?? 0) > 0) return true;
  }
  return false;
}

// Port of InterPodAffinity.Filter (framework/plugins/interpodaffinity/filtering.go).
export function filterInterPodAffinity(
  state: InterPodAffinityState,
  nodeInfo: Pick<NodePodsView, 'node'>,
): FilterResult | undefined {
  if (state.rejection !== undefined) return state.rejection;
  if (state.skip) return undefined;
  const labels = nodeInfo.node.labels;
  const affinityField = unsatisfiedAffinity(state, labels);
  if (affinityField !== undefined) {
    return {
      plugin: 'InterPodAffinity',
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_AFFINITY_RULES_NOT_MATCH],
      field: affinityField,
    };
  }
  const anti = violatedAntiAffinityTerm(state, labels);
  if (anti >= 0) {
    return {
      plugin: 'InterPodAffinity',
      code: 'Unschedulable',
      reasons: [ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH],
      field: index(requiredPath(state, 'podAntiAffinity'), anti),
    };
  }
  if (violatesExistingAntiAffinity(state, labels)) {
    return {
      plugin: 'InterPodAffinity',
      code: 'Unschedulable',
      reasons: [ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH],
      field: state.labelsPath,
    };
  }
  return undefined;
}
