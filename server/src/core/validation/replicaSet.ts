// apps/v1 Deployment and ReplicaSet validation, as kube-apiserver runs it on create (after defaulting).
// Read from pkg/apis/apps/validation/validation.go in the search index (a v1.30-or-later copy: selectors validated
// strictly, PodValidationOptions passed); that it is the v1.35.0 file itself could not be confirmed.
import type { FieldError, IntOrString, LabelSelector, PodTemplateSpec } from '../types';
import type { FeatureGates } from '../k8sVersion';
import { child, type FieldPath } from '../fieldPath';
import { asJSON, forbidden, goMap, invalid, notSupported, required } from './fieldErrors';
import { labelSelectorAsSelector, selectorMatches, validateLabelSelector, type Selector } from './labelSelector';
import { nameIsDNSSubdomain, validateNonnegativeField } from './names';
import { validateObjectMeta } from './objectMeta';
import { validatePodTemplateSpec, type PodValidationOptions } from './podTemplate';
import { getIntOrPercentValue, isNotMoreThan100Percent, selectorJSON, validatePositiveIntOrPercent } from './daemonSet';
import { setDefaultsDeployment, setDefaultsReplicaSet } from './workloadDefaults';
import type { Deployment, DeploymentSpec, ReplicaSet, ReplicaSetSpec } from './workloadTypes';
import { isSet } from './workloadTypes';

// Port of ValidateDeploymentName and ValidateReplicaSetName (pkg/apis/apps/validation/validation.go).
export const validateDeploymentName = nameIsDNSSubdomain;
export const validateReplicaSetName = nameIsDNSSubdomain;

/**
 * The selector part shared by Deployment, ReplicaSet and StatefulSet specs: required, strictly valid, not empty.
 * Returns the compiled selector, or null when it does not parse.
 */
export function validateWorkloadSelector(
  sel: LabelSelector | null | undefined,
  path: FieldPath,
  kindWord: string,
  errs: FieldError[],
): Selector | null {
  if (!sel) errs.push(required(child(path, 'selector'), ''));
  else {
    errs.push(...validateLabelSelector(sel, { allowInvalidLabelValueInSelector: false }, child(path, 'selector')));
    if (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0) {
      errs.push(
        invalid(child(path, 'selector'), asJSON(selectorJSON(sel)), `empty selector is invalid for ${kindWord}`),
      );
    }
  }
  return labelSelectorAsSelector(sel);
}

/** Go's Selector.Empty(): true only for a selector with no requirements (labels.Nothing() is not empty). */
function selectorIsEmpty(sel: Selector): boolean {
  return !sel.nothing && sel.requirements.length === 0;
}

/** The template labels a selector must match; reported as the labels map json.Marshal prints. */
export function templateLabelsMismatch(
  sel: Selector,
  template: PodTemplateSpec | undefined,
  path: FieldPath,
): FieldError[] {
  if (selectorIsEmpty(sel) || selectorMatches(sel, template?.metadata?.labels)) return [];
  const labels = asJSON(goMap(template?.metadata?.labels));
  return [invalid(child(path, 'metadata', 'labels'), labels, '`selector` does not match template `labels`')];
}

// Port of ValidatePodTemplateSpecForReplicaSet (pkg/apis/apps/validation/validation.go).
export function validatePodTemplateSpecForReplicaSet(
  template: PodTemplateSpec | undefined,
  sel: Selector,
  path: FieldPath,
  opts: PodValidationOptions,
): FieldError[] {
  const errs = templateLabelsMismatch(sel, template, path);
  errs.push(...validatePodTemplateSpec(template, path, opts));
  const restartPolicy = template?.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always') {
    errs.push(notSupported(child(path, 'spec', 'restartPolicy'), asJSON(restartPolicy), ['Always']));
  }
  if (isSet(template?.spec?.['activeDeadlineSeconds'])) {
    errs.push(
      forbidden(child(path, 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in ReplicaSet is not Supported'),
    );
  }
  return errs;
}

// Port of ValidateRollingUpdateDeployment (pkg/apis/apps/validation/validation.go).
export function validateRollingUpdateDeployment(
  ru: { maxUnavailable?: IntOrString; maxSurge?: IntOrString },
  path: FieldPath,
): FieldError[] {
  const mu = ru.maxUnavailable ?? 0;
  const ms = ru.maxSurge ?? 0;
  const errs = [
    ...validatePositiveIntOrPercent(mu, child(path, 'maxUnavailable')),
    ...validatePositiveIntOrPercent(ms, child(path, 'maxSurge')),
  ];
  if (getIntOrPercentValue(mu) === 0 && getIntOrPercentValue(ms) === 0) {
    errs.push(invalid(child(path, 'maxUnavailable'), asJSON(mu), 'may not be 0 when `maxSurge` is 0'));
  }
  errs.push(...isNotMoreThan100Percent(mu, child(path, 'maxUnavailable')));
  return errs;
}

// Port of ValidateDeploymentStrategy (pkg/apis/apps/validation/validation.go).
export function validateDeploymentStrategy(strategy: DeploymentSpec['strategy'], path: FieldPath): FieldError[] {
  const s = strategy ?? {};
  switch (s.type) {
    case 'Recreate':
      return s.rollingUpdate
        ? [forbidden(child(path, 'rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'")]
        : [];
    case 'RollingUpdate':
      if (!s.rollingUpdate)
        return [required(child(path, 'rollingUpdate'), 'this should be defaulted and never be nil')];
      return validateRollingUpdateDeployment(s.rollingUpdate, child(path, 'rollingUpdate'));
    default: {
      // Go prints the internal (untagged) struct with its Go field names.
      const ru = s.rollingUpdate
        ? { MaxUnavailable: s.rollingUpdate.maxUnavailable ?? 0, MaxSurge: s.rollingUpdate.maxSurge ?? 0 }
        : null;
      return [notSupported(path, asJSON({ Type: s.type ?? '', RollingUpdate: ru }), ['Recreate', 'RollingUpdate'])];
    }
  }
}

// Port of ValidateDeploymentSpec (pkg/apis/apps/validation/validation.go), on create (no old spec).
export function validateDeploymentSpec(
  spec: DeploymentSpec | undefined,
  path: FieldPath,
  opts: PodValidationOptions,
): FieldError[] {
  const s = spec ?? {};
  const errs = validateNonnegativeField(s.replicas ?? 0, child(path, 'replicas'));
  const sel = validateWorkloadSelector(s.selector, path, 'deployment', errs);
  if (!sel)
    errs.push(invalid(child(path, 'selector'), asJSON(selectorJSON(s.selector ?? {})), 'invalid label selector'));
  else errs.push(...validatePodTemplateSpecForReplicaSet(s.template, sel, child(path, 'template'), opts));
  errs.push(...validateDeploymentStrategy(s.strategy, child(path, 'strategy')));
  errs.push(...validateNonnegativeField(s.minReadySeconds ?? 0, child(path, 'minReadySeconds')));
  if (isSet(s.revisionHistoryLimit))
    errs.push(...validateNonnegativeField(s.revisionHistoryLimit, child(path, 'revisionHistoryLimit')));
  if (isSet(s.progressDeadlineSeconds)) {
    errs.push(...validateNonnegativeField(s.progressDeadlineSeconds, child(path, 'progressDeadlineSeconds')));
    if (s.progressDeadlineSeconds <= (s.minReadySeconds ?? 0)) {
      errs.push(
        invalid(
          child(path, 'progressDeadlineSeconds'),
          s.progressDeadlineSeconds,
          'must be greater than minReadySeconds',
        ),
      );
    }
  }
  return errs;
}

// Port of ValidateDeployment (pkg/apis/apps/validation/validation.go), without defaulting.
export function validateDeploymentDefaulted(d: Deployment, opts: PodValidationOptions): FieldError[] {
  return [
    ...validateObjectMeta(d.metadata, validateDeploymentName, 'metadata'),
    ...validateDeploymentSpec(d.spec, 'spec', opts),
  ];
}

/** What kube-apiserver does on create: apps/v1 defaults on a copy, then ValidateDeployment. */
export function validateDeployment(d: Deployment, opts: { gates: FeatureGates }): FieldError[] {
  return validateDeploymentDefaulted(setDefaultsDeployment(d), { gates: opts.gates });
}

// Port of ValidateReplicaSetSpec (pkg/apis/apps/validation/validation.go), on create. Upstream's empty-selector
// message says "deployment" here too.
export function validateReplicaSetSpec(
  spec: ReplicaSetSpec | undefined,
  path: FieldPath,
  opts: PodValidationOptions,
): FieldError[] {
  const s = spec ?? {};
  const errs = [
    ...validateNonnegativeField(s.replicas ?? 0, child(path, 'replicas')),
    ...validateNonnegativeField(s.minReadySeconds ?? 0, child(path, 'minReadySeconds')),
  ];
  const sel = validateWorkloadSelector(s.selector, path, 'deployment', errs);
  if (!sel)
    errs.push(invalid(child(path, 'selector'), asJSON(selectorJSON(s.selector ?? {})), 'invalid label selector'));
  else errs.push(...validatePodTemplateSpecForReplicaSet(s.template, sel, child(path, 'template'), opts));
  return errs;
}

// Port of ValidateReplicaSet (pkg/apis/apps/validation/validation.go), without defaulting.
export function validateReplicaSetDefaulted(rs: ReplicaSet, opts: PodValidationOptions): FieldError[] {
  return [
    ...validateObjectMeta(rs.metadata, validateReplicaSetName, 'metadata'),
    ...validateReplicaSetSpec(rs.spec, 'spec', opts),
  ];
}

/** What kube-apiserver does on create: apps/v1 defaults on a copy, then ValidateReplicaSet. */
export function validateReplicaSet(rs: ReplicaSet, opts: { gates: FeatureGates }): FieldError[] {
  return validateReplicaSetDefaulted(setDefaultsReplicaSet(rs), { gates: opts.gates });
}
