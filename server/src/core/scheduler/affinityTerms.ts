// Pod (anti-)affinity terms as the scheduler precomputes them for each pod (framework.AffinityTerm and the required
// terms of framework.PodInfo), after the label keys kube-apiserver merges into their selectors when a pod is created.
// Pure: pods in, parsed terms out; terms of pods already on nodes are parsed once per pod object.
import type { LabelSelector, LabelSelectorRequirement, PodAffinityTerm } from '../types';
import { compileLabelSelector, labelValue, type CompiledLabelSelector, type Labels } from '../labels';
import { isObject } from '../values';
import { listOf } from './resource';
import { labelSelectorShapeError, stringListError } from './shapes';
import type { SchedNode, SchedPod } from './types';

/** framework.AffinityTerm: a required (anti-)affinity term with its selectors parsed. */
export interface AffinityTerm {
  namespaces: Set<string>;
  selector: CompiledLabelSelector;
  topologyKey: string;
  namespaceSelector: CompiledLabelSelector;
  /** Position of the term in the pod's required list, for the field path of a verdict. */
  index: number;
}

/** The required terms of one pod, and what did not parse (framework.PodInfo.Update's aggregated error). */
export interface PodTerms {
  requiredAffinity: AffinityTerm[];
  requiredAntiAffinity: AffinityTerm[];
  /** errors.NewAggregate(parseErrs).Error(), when any term of the pod failed to parse. */
  error?: string;
}

/**
 * The part of framework.NodeInfo these two plugins read: any NodeInfoView fits, and tests can build it directly.
 */
export interface NodePodsView {
  readonly node: SchedNode;
  readonly pods: readonly { readonly pod: SchedPod }[];
  readonly podsWithRequiredAntiAffinity: readonly { readonly pod: SchedPod }[];
}

const NO_LABELS: Labels = Object.freeze({});

export function podNamespace(pod: SchedPod): string {
  return pod.metadata?.namespace ?? '';
}

export function podLabels(pod: SchedPod): Labels {
  return pod.metadata?.labels ?? NO_LABELS;
}

// Port of AffinityTerm.Matches (staging/src/k8s.io/kube-scheduler/framework/types.go).
export function affinityTermMatches(term: AffinityTerm, pod: SchedPod, nsLabels: Labels | undefined): boolean {
  if (term.namespaces.has(podNamespace(pod)) || term.namespaceSelector.matches(nsLabels)) {
    return term.selector.matches(podLabels(pod));
  }
  return false;
}

// Port of applyLabelKeysToLabelSelector (pkg/registry/core/pod/strategy.go).
function labelKeyRequirements(
  keys: readonly string[] | undefined,
  operator: string,
  labels: Labels,
): LabelSelectorRequirement[] {
  const out: LabelSelectorRequirement[] = [];
  for (const key of keys ?? []) {
    const value = labelValue(labels, key);
    if (value !== undefined) out.push({ key, operator, values: [value] });
  }
  return out;
}

// Port of applyMatchLabelKeysAndMismatchLabelKeys (pkg/registry/core/pod/strategy.go): kube-apiserver adds
// `key In (value)` / `key NotIn (value)` for the pod's own labels when it creates the pod (MatchLabelKeysInPodAffinity,
// GA and locked on since v1.33). Re-applying it to a pod that already went through the API server is harmless: the
// added requirements repeat ones the selector already holds.
export function selectorWithLabelKeys(term: PodAffinityTerm, labels: Labels): LabelSelector | undefined {
  const match = listOf(term.matchLabelKeys);
  const mismatch = listOf(term.mismatchLabelKeys);
  if ((match.length === 0 && mismatch.length === 0) || !term.labelSelector) return term.labelSelector;
  return {
    ...term.labelSelector,
    matchExpressions: [
      ...(term.labelSelector.matchExpressions ?? []),
      ...labelKeyRequirements(match, 'In', labels),
      ...labelKeyRequirements(mismatch, 'NotIn', labels),
    ],
  };
}

// Port of getNamespacesFromPodAffinityTerm (staging/src/k8s.io/kube-scheduler/framework/types.go).
function namespacesOfTerm(pod: SchedPod, term: PodAffinityTerm): Set<string> {
  const listed = listOf(term.namespaces);
  if (listed.length === 0 && (term.namespaceSelector === undefined || term.namespaceSelector === null)) {
    return new Set([podNamespace(pod)]);
  }
  return new Set(listed);
}

/** Why a term does not have the API's types (then it fails to parse, as a bad selector does), or undefined. */
function termShapeError(term: unknown): string | undefined {
  if (!isObject(term)) return 'a pod affinity term must be a map';
  if (term.topologyKey !== undefined && term.topologyKey !== null && typeof term.topologyKey !== 'string') {
    return 'topologyKey must be a string';
  }
  return labelSelectorShapeError(term.labelSelector) ?? labelSelectorShapeError(term.namespaceSelector, 'namespaceSelector')
    ?? stringListError(term.namespaces, 'namespaces') ?? stringListError(term.matchLabelKeys, 'matchLabelKeys')
    ?? stringListError(term.mismatchLabelKeys, 'mismatchLabelKeys');
}

// Port of newAffinityTerm (staging/src/k8s.io/kube-scheduler/framework/types.go).
function newAffinityTerm(pod: SchedPod, term: PodAffinityTerm, index: number): AffinityTerm | string {
  const shape = termShapeError(term);
  if (shape !== undefined) return shape;
  const selector = compileLabelSelector(selectorWithLabelKeys(term, podLabels(pod)));
  if (selector.error !== undefined) return selector.error;
  const namespaceSelector = compileLabelSelector(term.namespaceSelector);
  if (namespaceSelector.error !== undefined) return namespaceSelector.error;
  const topologyKey = term.topologyKey ?? '';
  return { namespaces: namespacesOfTerm(pod, term), selector, topologyKey, namespaceSelector, index };
}

// Port of GetAffinityTerms (staging/src/k8s.io/kube-scheduler/framework/types.go): the first term that does not parse
// fails the whole list.
export function getAffinityTerms(
  pod: SchedPod,
  terms: readonly PodAffinityTerm[] | undefined,
): { terms: AffinityTerm[]; error?: string } {
  const out: AffinityTerm[] = [];
  if (terms !== undefined && terms !== null && !Array.isArray(terms)) return { terms: [], error: 'terms must be a list' };
  for (let i = 0; i < (terms?.length ?? 0); i++) {
    const t = newAffinityTerm(pod, (terms as readonly PodAffinityTerm[])[i] as PodAffinityTerm, i);
    if (typeof t === 'string') return { terms: [], error: t };
    out.push(t);
  }
  return { terms: out };
}

// Port of PodInfo.Update (pkg/scheduler/framework/types.go): required terms kept, preferred terms only parsed
// because a bad one also makes NewPodInfo fail.
export function parsePodTerms(pod: SchedPod): PodTerms {
  const affinity = pod.spec?.affinity;
  const errors: string[] = [];
  const required = getAffinityTerms(pod, affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
  if (required.error !== undefined) errors.push(`requiredAffinityTerms: ${required.error}`);
  const anti = getAffinityTerms(pod, affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
  if (anti.error !== undefined) errors.push(`requiredAntiAffinityTerms: ${anti.error}`);
  const preferred = (list: { podAffinityTerm: PodAffinityTerm }[] | undefined) =>
    list !== undefined && list !== null && !Array.isArray(list) ? 'terms must be a list'
      : getAffinityTerms(pod, list?.map((w) => (isObject(w) ? w.podAffinityTerm : w) as PodAffinityTerm)).error;
  const prefErr = preferred(affinity?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution);
  if (prefErr !== undefined) errors.push(`preferredAffinityTerms: ${prefErr}`);
  const prefAntiErr = preferred(affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution);
  if (prefAntiErr !== undefined) errors.push(`preferredAntiAffinityTerms: ${prefAntiErr}`);
  const result: PodTerms = { requiredAffinity: required.terms, requiredAntiAffinity: anti.terms };
  if (errors.length === 1) result.error = errors[0];
  else if (errors.length > 1) result.error = `[${errors.join(', ')}]`;
  return result;
}

const parsedExisting = new WeakMap<object, PodTerms>();

/** The terms of a pod already on a node, parsed once per pod object (the scheduler caches them in its PodInfo). */
export function existingPodTerms(pod: SchedPod): PodTerms {
  let t = parsedExisting.get(pod);
  if (t === undefined) {
    t = parsePodTerms(pod);
    parsedExisting.set(pod, t);
  }
  return t;
}
