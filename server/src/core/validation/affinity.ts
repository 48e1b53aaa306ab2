// Node selectors, node affinity and pod (anti-)affinity, as pkg/apis/core/validation checks them.
import type {
  Affinity, FieldError, LabelSelector, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm,
  PodAffinity, PodAffinityTerm, PreferredSchedulingTerm, WeightedPodAffinityTerm,
} from '../types';
import { child, index, type FieldPath } from '../fieldPath';
import { asJSON, forbidden, invalid, required } from './fieldErrors';
import { validateLabelSelector } from './labelSelector';
import { isValidLabelValue, nameIsDNSLabel, nameIsDNSSubdomain, validateLabelName } from './names';

export interface AffinityValidationOptions {
  /** PodValidationOptions.AllowInvalidLabelValueInSelector (false when creating). */
  allowInvalidLabelValueInSelector?: boolean;
  /** PodValidationOptions.AllowInvalidLabelValueInRequiredNodeAffinity (false when creating). */
  allowInvalidLabelValueInRequiredNodeAffinity?: boolean;
}

// Port of ValidateNodeSelectorRequirement (pkg/apis/core/validation/validation.go).
export function validateNodeSelectorRequirement(
  rq: NodeSelectorRequirement,
  allowInvalidLabelValueInRequiredNodeAffinity: boolean,
  path: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  switch (rq.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errs.push(required(child(path, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errs.push(forbidden(child(path, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errs.push(required(child(path, 'values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(invalid(child(path, 'operator'), asJSON(rq.operator ?? ''), 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(rq.key ?? '', child(path, 'key')));
  if (!allowInvalidLabelValueInRequiredNodeAffinity) {
    values.forEach((value, i) => {
      for (const msg of isValidLabelValue(value)) errs.push(invalid(index(child(path, 'values'), i), value, msg));
    });
  }
  return errs;
}

// The only field a node field selector may name, with its value check (nodeFieldSelectorValidators).
const NODE_FIELD_SELECTOR_VALIDATORS: Record<string, (v: string, prefix: boolean) => string[]> = {
  'metadata.name': nameIsDNSSubdomain,
};

// Port of ValidateNodeFieldSelectorRequirement (pkg/apis/core/validation/validation.go).
export function validateNodeFieldSelectorRequirement(req: NodeSelectorRequirement, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      if (values.length !== 1) {
        errs.push(required(child(path, 'values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
      }
      break;
    default:
      errs.push(invalid(child(path, 'operator'), asJSON(req.operator ?? ''), 'not a valid selector operator'));
  }
  const vf = Object.prototype.hasOwnProperty.call(NODE_FIELD_SELECTOR_VALIDATORS, req.key ?? '')
    ? NODE_FIELD_SELECTOR_VALIDATORS[req.key]
    : undefined;
  if (!vf) {
    errs.push(invalid(child(path, 'key'), req.key ?? '', 'not a valid field selector key'));
  } else {
    values.forEach((v, i) => {
      for (const msg of vf(v, false)) errs.push(invalid(index(child(path, 'values'), i), v, msg));
    });
  }
  return errs;
}

// Port of ValidateNodeSelectorTerm (pkg/apis/core/validation/validation.go).
export function validateNodeSelectorTerm(
  term: NodeSelectorTerm | undefined,
  allowInvalidLabelValueInRequiredNodeAffinity: boolean,
  path: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  (term?.matchExpressions ?? []).forEach((req, j) => {
    errs.push(...validateNodeSelectorRequirement(req, allowInvalidLabelValueInRequiredNodeAffinity, index(child(path, 'matchExpressions'), j)));
  });
  (term?.matchFields ?? []).forEach((req, j) => {
    errs.push(...validateNodeFieldSelectorRequirement(req, index(child(path, 'matchFields'), j)));
  });
  return errs;
}

// Port of ValidateNodeSelector (pkg/apis/core/validation/validation.go).
export function validateNodeSelector(
  nodeSelector: NodeSelector,
  allowInvalidLabelValueInRequiredNodeAffinity: boolean,
  path: FieldPath,
): FieldError[] {
  const termPath = child(path, 'nodeSelectorTerms');
  const terms = nodeSelector.nodeSelectorTerms ?? [];
  if (terms.length === 0) return [required(termPath, 'must have at least one node selector term')];
  const errs: FieldError[] = [];
  terms.forEach((term, i) => {
    errs.push(...validateNodeSelectorTerm(term, allowInvalidLabelValueInRequiredNodeAffinity, index(termPath, i)));
  });
  return errs;
}

// Port of ValidatePreferredSchedulingTerms (pkg/apis/core/validation/validation.go).
export function validatePreferredSchedulingTerms(terms: PreferredSchedulingTerm[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  terms.forEach((term, i) => {
    const weight = term.weight ?? 0;
    if (weight <= 0 || weight > 100) errs.push(invalid(child(index(path, i), 'weight'), weight, 'must be in the range 1-100'));
    // Preferred terms may carry any label value: they can still succeed on a single-node cluster.
    errs.push(...validateNodeSelectorTerm(term.preference, true, child(index(path, i), 'preference')));
  });
  return errs;
}

// Port of validateNodeAffinity (pkg/apis/core/validation/validation.go).
export function validateNodeAffinity(na: NodeAffinity, opts: AffinityValidationOptions, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (na.requiredDuringSchedulingIgnoredDuringExecution) {
    errs.push(...validateNodeSelector(na.requiredDuringSchedulingIgnoredDuringExecution,
      !!opts.allowInvalidLabelValueInRequiredNodeAffinity, child(path, 'requiredDuringSchedulingIgnoredDuringExecution')));
  }
  const preferred = na.preferredDuringSchedulingIgnoredDuringExecution ?? [];
  if (preferred.length > 0) {
    errs.push(...validatePreferredSchedulingTerms(preferred, child(path, 'preferredDuringSchedulingIgnoredDuringExecution')));
  }
  return errs;
}

// Port of validateLabelKeys (pkg/apis/core/validation/validation.go).
function validateLabelKeys(path: FieldPath, labelKeys: string[], labelSelector: LabelSelector | undefined | null): FieldError[] {
  if (labelKeys.length === 0) return [];
  if (!labelSelector) return [forbidden(path, 'must not be specified when labelSelector is not set')];
  return labelKeys.flatMap((k, i) => validateLabelName(k, index(path, i)));
}

// Port of validateMatchLabelKeysAndMismatchLabelKeys (pkg/apis/core/validation/validation.go).
function validateMatchLabelKeysAndMismatchLabelKeys(
  path: FieldPath,
  matchLabelKeys: string[],
  mismatchLabelKeys: string[],
  labelSelector: LabelSelector | undefined | null,
): FieldError[] {
  const errs = [
    ...validateLabelKeys(child(path, 'matchLabelKeys'), matchLabelKeys, labelSelector),
    ...validateLabelKeys(child(path, 'mismatchLabelKeys'), mismatchLabelKeys, labelSelector),
  ];
  if (labelSelector) {
    // A matchLabelKeys key that the selector already names twice (once from the merge, once by the user).
    const position = new Map<string, number>();
    matchLabelKeys.forEach((k, i) => position.set(k, i));
    const seen = new Set<string>(Object.keys(labelSelector.matchLabels ?? {}));
    for (const expr of labelSelector.matchExpressions ?? []) {
      const k = expr?.key ?? '';
      const i = position.get(k);
      // Upstream indexes the term's own path here (no "matchLabelKeys" step); kept as kube-apiserver prints it.
      if (i !== undefined && seen.has(k)) errs.push(invalid(index(path, i), k, 'exists in both matchLabelKeys and labelSelector'));
      seen.add(k);
    }
  }
  const mismatch = new Set(mismatchLabelKeys);
  matchLabelKeys.forEach((k, i) => {
    if (mismatch.has(k)) errs.push(invalid(index(child(path, 'matchLabelKeys'), i), k, 'exists in both matchLabelKeys and mismatchLabelKeys'));
  });
  return errs;
}

// Port of validatePodAffinityTerm (pkg/apis/core/validation/validation.go).
export function validatePodAffinityTerm(term: PodAffinityTerm, allowInvalidLabelValueInSelector: boolean, path: FieldPath): FieldError[] {
  const opts = { allowInvalidLabelValueInSelector };
  // ValidatePodAffinityTermSelector: both selectors share the options.
  const errs = [
    ...validateLabelSelector(term.labelSelector, opts, child(path, 'labelSelector')),
    ...validateLabelSelector(term.namespaceSelector, opts, child(path, 'namespaceSelector')),
  ];
  for (const name of term.namespaces ?? []) {
    // Upstream reports these under "namespace" (singular).
    for (const msg of nameIsDNSLabel(name, false)) errs.push(invalid(child(path, 'namespace'), name, msg));
  }
  errs.push(...validateMatchLabelKeysAndMismatchLabelKeys(path, term.matchLabelKeys ?? [], term.mismatchLabelKeys ?? [], term.labelSelector));
  const topologyKey = term.topologyKey ?? '';
  if (topologyKey.length === 0) errs.push(required(child(path, 'topologyKey'), 'can not be empty'));
  errs.push(...validateLabelName(topologyKey, child(path, 'topologyKey')));
  return errs;
}

// Port of validatePodAffinityTerms (pkg/apis/core/validation/validation.go).
function validatePodAffinityTerms(terms: PodAffinityTerm[], allowInvalid: boolean, path: FieldPath): FieldError[] {
  return terms.flatMap((t, i) => validatePodAffinityTerm(t ?? ({} as PodAffinityTerm), allowInvalid, index(path, i)));
}

// Port of validateWeightedPodAffinityTerms (pkg/apis/core/validation/validation.go).
function validateWeightedPodAffinityTerms(terms: WeightedPodAffinityTerm[], allowInvalid: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  terms.forEach((wt, j) => {
    const weight = wt.weight ?? 0;
    if (weight <= 0 || weight > 100) errs.push(invalid(child(index(path, j), 'weight'), weight, 'must be in the range 1-100'));
    errs.push(...validatePodAffinityTerm(wt.podAffinityTerm ?? ({} as PodAffinityTerm), allowInvalid, child(index(path, j), 'podAffinityTerm')));
  });
  return errs;
}

// Port of validatePodAffinity and validatePodAntiAffinity (pkg/apis/core/validation/validation.go); both check the same shape.
export function validatePodAffinity(pa: PodAffinity, allowInvalidLabelValueInSelector: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (pa.requiredDuringSchedulingIgnoredDuringExecution) {
    errs.push(...validatePodAffinityTerms(pa.requiredDuringSchedulingIgnoredDuringExecution, allowInvalidLabelValueInSelector,
      child(path, 'requiredDuringSchedulingIgnoredDuringExecution')));
  }
  if (pa.preferredDuringSchedulingIgnoredDuringExecution) {
    errs.push(...validateWeightedPodAffinityTerms(pa.preferredDuringSchedulingIgnoredDuringExecution, allowInvalidLabelValueInSelector,
      child(path, 'preferredDuringSchedulingIgnoredDuringExecution')));
  }
  return errs;
}

// Port of validateAffinity (pkg/apis/core/validation/validation.go).
export function validateAffinity(affinity: Affinity | undefined, opts: AffinityValidationOptions, path: FieldPath): FieldError[] {
  if (!affinity) return [];
  const errs: FieldError[] = [];
  if (affinity.nodeAffinity) errs.push(...validateNodeAffinity(affinity.nodeAffinity, opts, child(path, 'nodeAffinity')));
  if (affinity.podAffinity) {
    errs.push(...validatePodAffinity(affinity.podAffinity, !!opts.allowInvalidLabelValueInSelector, child(path, 'podAffinity')));
  }
  if (affinity.podAntiAffinity) {
    errs.push(...validatePodAffinity(affinity.podAntiAffinity, !!opts.allowInvalidLabelValueInSelector, child(path, 'podAntiAffinity')));
  }
  return errs;
}
