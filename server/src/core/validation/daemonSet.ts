// apps/v1 DaemonSet validation, as kube-apiserver runs it on create (after defaulting).
import type {
  DaemonSet, DaemonSetSpec, DaemonSetUpdateStrategy, FieldError, IntOrString, LabelSelector, RollingUpdateDaemonSet,
} from '../types';
import type { FeatureGates } from '../k8sVersion';
import { child, type FieldPath } from '../fieldPath';
import { setDefaultsDaemonSet } from '../defaults';
import { asJSON, forbidden, goMap, invalid, notSupported, required } from './fieldErrors';
import { labelSelectorAsSelector, selectorMatches, validateLabelSelector } from './labelSelector';
import { isValidPercent, nameIsDNSSubdomain, validateNonnegativeField } from './names';
import { validateObjectMeta } from './objectMeta';
import { validatePodTemplateSpec, type PodValidationOptions } from './podTemplate';

// Port of ValidateDaemonSetName (pkg/apis/apps/validation/validation.go): a DNS subdomain.
export const validateDaemonSetName = nameIsDNSSubdomain;

/** Go's strconv.Atoi as intstr.IntValue uses it: 0 when the string is not an integer. */
function atoi(s: string): number {
  return /^[+-]?[0-9]+$/.test(s) ? Number.parseInt(s, 10) : 0;
}

// Port of getPercentValue (pkg/apis/apps/validation/validation.go).
function getPercentValue(v: IntOrString | undefined): number | null {
  if (typeof v !== 'string' || isValidPercent(v).length !== 0) return null;
  return atoi(v.slice(0, -1));
}

// Port of getIntOrPercentValue (pkg/apis/apps/validation/validation.go).
export function getIntOrPercentValue(v: IntOrString | undefined): number {
  const pct = getPercentValue(v);
  if (pct !== null) return pct;
  if (typeof v === 'number') return v;
  return typeof v === 'string' ? atoi(v) : 0;
}

// Port of ValidatePositiveIntOrPercent (pkg/apis/apps/validation/validation.go).
export function validatePositiveIntOrPercent(v: IntOrString | undefined, path: FieldPath): FieldError[] {
  if (typeof v === 'string') return isValidPercent(v).map((msg) => invalid(path, asJSON(v), msg));
  return validateNonnegativeField(typeof v === 'number' ? v : 0, path);
}

// Port of IsNotMoreThan100Percent (pkg/apis/apps/validation/validation.go).
export function isNotMoreThan100Percent(v: IntOrString | undefined, path: FieldPath): FieldError[] {
  const pct = getPercentValue(v);
  if (pct === null || pct <= 100) return [];
  return [invalid(path, asJSON(v), 'must not be greater than 100%')];
}

// Port of ValidateRollingUpdateDaemonSet (pkg/apis/apps/validation/validation.go).
export function validateRollingUpdateDaemonSet(ru: RollingUpdateDaemonSet, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const mu = ru.maxUnavailable ?? 0;
  const ms = ru.maxSurge ?? 0;
  errs.push(...validatePositiveIntOrPercent(mu, child(path, 'maxUnavailable')));
  errs.push(...validatePositiveIntOrPercent(ms, child(path, 'maxSurge')));
  errs.push(...isNotMoreThan100Percent(mu, child(path, 'maxUnavailable')));
  errs.push(...isNotMoreThan100Percent(ms, child(path, 'maxSurge')));
  // Exactly one of the two may be non-zero.
  const hasUnavailable = getIntOrPercentValue(mu) !== 0;
  const hasSurge = getIntOrPercentValue(ms) !== 0;
  if (hasUnavailable && hasSurge) errs.push(invalid(child(path, 'maxSurge'), asJSON(ms), 'may not be set when maxUnavailable is non-zero'));
  else if (!hasUnavailable && !hasSurge) errs.push(required(child(path, 'maxUnavailable'), 'cannot be 0 when maxSurge is 0'));
  return errs;
}

// Go prints the internal (untagged) strategy struct with its Go field names.
function internalStrategy(s: DaemonSetUpdateStrategy): unknown {
  return {
    Type: s.type ?? '',
    RollingUpdate: s.rollingUpdate
      ? { MaxUnavailable: s.rollingUpdate.maxUnavailable ?? 0, MaxSurge: s.rollingUpdate.maxSurge ?? 0 }
      : null,
  };
}

// Port of ValidateDaemonSetUpdateStrategy (pkg/apis/apps/validation/validation.go).
export function validateDaemonSetUpdateStrategy(strategy: DaemonSetUpdateStrategy | undefined, path: FieldPath): FieldError[] {
  const s = strategy ?? {};
  switch (s.type) {
    case 'OnDelete':
      return [];
    case 'RollingUpdate':
      if (!s.rollingUpdate) return [required(child(path, 'rollingUpdate'), '')];
      return validateRollingUpdateDaemonSet(s.rollingUpdate, child(path, 'rollingUpdate'));
    default:
      return [notSupported(path, asJSON(internalStrategy(s)), ['RollingUpdate', 'OnDelete'])];
  }
}

// metav1.LabelSelector as json.Marshal prints it (omitempty fields, map keys sorted).
export function selectorJSON(sel: LabelSelector): unknown {
  const out: Record<string, unknown> = {};
  if (sel.matchLabels && Object.keys(sel.matchLabels).length > 0) out['matchLabels'] = goMap(sel.matchLabels);
  if (sel.matchExpressions && sel.matchExpressions.length > 0) {
    out['matchExpressions'] = sel.matchExpressions.map((e) => {
      const r: Record<string, unknown> = { key: e.key ?? '', operator: e.operator ?? '' };
      if (e.values && e.values.length > 0) r['values'] = e.values;
      return r;
    });
  }
  return out;
}

// Port of ValidateDaemonSetSpec (pkg/apis/apps/validation/validation.go).
export function validateDaemonSetSpec(spec: DaemonSetSpec | undefined, path: FieldPath, opts: PodValidationOptions): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  errs.push(...validateLabelSelector(s.selector, { allowInvalidLabelValueInSelector: opts.allowInvalidLabelValueInSelector }, child(path, 'selector')));
  const templateLabels = s.template?.metadata?.labels;
  const selector = labelSelectorAsSelector(s.selector);
  // A missing selector selects nothing, so it fails here; an unparsable one is reported above only.
  if (selector && !selectorMatches(selector, templateLabels)) {
    errs.push(invalid(child(path, 'template', 'metadata', 'labels'), asJSON(goMap(templateLabels)), '`selector` does not match template `labels`'));
  }
  if (s.selector && Object.keys(s.selector.matchLabels ?? {}).length + (s.selector.matchExpressions ?? []).length === 0) {
    errs.push(invalid(child(path, 'selector'), asJSON(selectorJSON(s.selector)), 'empty selector is invalid for daemonset'));
  }
  errs.push(...validatePodTemplateSpec(s.template, child(path, 'template'), opts));
  // The pod-level check above accepts OnFailure and Never; a DaemonSet does not.
  const restartPolicy = s.template?.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always') errs.push(notSupported(child(path, 'template', 'spec', 'restartPolicy'), asJSON(restartPolicy), ['Always']));
  const ads = s.template?.spec?.['activeDeadlineSeconds'];
  if (ads !== undefined && ads !== null) {
    errs.push(forbidden(child(path, 'template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in DaemonSet is not Supported'));
  }
  errs.push(...validateNonnegativeField(s.minReadySeconds ?? 0, child(path, 'minReadySeconds')));
  errs.push(...validateDaemonSetUpdateStrategy(s.updateStrategy, child(path, 'updateStrategy')));
  if (s.revisionHistoryLimit !== undefined && s.revisionHistoryLimit !== null) {
    errs.push(...validateNonnegativeField(s.revisionHistoryLimit, child(path, 'revisionHistoryLimit')));
  }
  return errs;
}

// Port of ValidateDaemonSet (pkg/apis/apps/validation/validation.go), without defaulting.
export function validateDaemonSetDefaulted(ds: DaemonSet, opts: PodValidationOptions): FieldError[] {
  return [
    ...validateObjectMeta(ds.metadata, validateDaemonSetName, 'metadata'),
    ...validateDaemonSetSpec(ds.spec, 'spec', opts),
  ];
}

/** What kube-apiserver does on create: apply apps/v1 defaults to a copy, then ValidateDaemonSet. */
export function validateDaemonSet(ds: DaemonSet, opts: { gates: FeatureGates }): FieldError[] {
  return validateDaemonSetDefaulted(setDefaultsDaemonSet(ds), { gates: opts.gates });
}
