// apps/v1 StatefulSet validation, as kube-apiserver runs it on create (after defaulting). Read from
// pkg/apis/apps/validation/validation.go in the search index (the copy replicaSet.ts names; v1.35.0 itself could
// not be confirmed). In that copy the template's pod spec is not validated for StatefulSets (an upstream TODO), so
// only labels, annotations, restartPolicy and activeDeadlineSeconds are checked there.
import type { FieldError, PodTemplateSpec } from '../types';
import type { FeatureGates } from '../k8sVersion';
import { child, type FieldPath } from '../fieldPath';
import { asJSON, forbidden, invalid, notSupported, required } from './fieldErrors';
import type { Selector } from './labelSelector';
import { nameIsDNSLabel, validateAnnotations, validateLabels, validateNonnegativeField } from './names';
import { validateObjectMeta } from './objectMeta';
import type { PodValidationOptions } from './podTemplate';
import { getIntOrPercentValue, isNotMoreThan100Percent, selectorJSON, validatePositiveIntOrPercent } from './daemonSet';
import { templateLabelsMismatch, validateWorkloadSelector } from './replicaSet';
import { setDefaultsStatefulSet } from './workloadDefaults';
import type { StatefulSet, StatefulSetSpec } from './workloadTypes';
import { isSet } from './workloadTypes';

// Port of ValidateStatefulSetName (pkg/apis/apps/validation/validation.go): a DNS label (pods add "-<ordinal>").
export const validateStatefulSetName = nameIsDNSLabel;

// Port of ValidatePodTemplateSpecForStatefulSet (pkg/apis/apps/validation/validation.go), without the
// pod-specific annotation checks.
export function validatePodTemplateSpecForStatefulSet(
  template: PodTemplateSpec | undefined,
  sel: Selector,
  path: FieldPath,
): FieldError[] {
  return [
    ...templateLabelsMismatch(sel, template, path),
    ...validateLabels(template?.metadata?.labels, child(path, 'labels')),
    ...validateAnnotations(template?.metadata?.annotations, child(path, 'annotations')),
  ];
}

// Port of ValidatePersistentVolumeClaimRetentionPolicyType (pkg/apis/apps/validation/validation.go).
function validatePVCRetentionPolicyType(policy: string | undefined, path: FieldPath): FieldError[] {
  if (policy === 'Retain' || policy === 'Delete') return [];
  return [notSupported(path, asJSON(policy ?? ''), ['Retain', 'Delete'])];
}

type RollingUpdate = NonNullable<NonNullable<StatefulSetSpec['updateStrategy']>['rollingUpdate']>;

// Port of validateRollingUpdateStatefulSet (pkg/apis/apps/validation/validation.go).
function validateRollingUpdateStatefulSet(ru: RollingUpdate, path: FieldPath): FieldError[] {
  const errs = validateNonnegativeField(ru.partition ?? 0, child(path, 'partition'));
  const mu = ru.maxUnavailable;
  if (isSet(mu)) {
    const p = child(path, 'maxUnavailable');
    errs.push(...validatePositiveIntOrPercent(mu, p));
    if (getIntOrPercentValue(mu) === 0) errs.push(invalid(p, asJSON(mu), 'cannot be 0'));
    errs.push(...isNotMoreThan100Percent(mu, p));
  }
  return errs;
}

// Go prints the internal (untagged) rolling update struct with its Go field names.
function internalRollingUpdate(ru: RollingUpdate | null | undefined): unknown {
  return ru ? { Partition: ru.partition ?? 0, MaxUnavailable: ru.maxUnavailable ?? null } : null;
}

// Port of ValidateStatefulSetSpec (pkg/apis/apps/validation/validation.go).
export function validateStatefulSetSpec(spec: StatefulSetSpec | undefined, path: FieldPath): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  const pmp = s.podManagementPolicy ?? '';
  if (pmp === '') errs.push(required(child(path, 'podManagementPolicy'), ''));
  else if (pmp !== 'OrderedReady' && pmp !== 'Parallel') {
    errs.push(invalid(child(path, 'podManagementPolicy'), asJSON(pmp), "must be 'OrderedReady' or 'Parallel'"));
  }
  const strategy = s.updateStrategy ?? {};
  const strategyPath = child(path, 'updateStrategy');
  switch (strategy.type ?? '') {
    case '':
      errs.push(required(strategyPath, ''));
      break;
    case 'OnDelete':
      if (strategy.rollingUpdate) {
        errs.push(
          invalid(
            child(strategyPath, 'rollingUpdate'),
            asJSON(internalRollingUpdate(strategy.rollingUpdate)),
            "only allowed for updateStrategy 'RollingUpdate'",
          ),
        );
      }
      break;
    case 'RollingUpdate':
      if (strategy.rollingUpdate)
        errs.push(...validateRollingUpdateStatefulSet(strategy.rollingUpdate, child(strategyPath, 'rollingUpdate')));
      break;
    default:
      errs.push(
        invalid(
          strategyPath,
          asJSON({ Type: strategy.type, RollingUpdate: internalRollingUpdate(strategy.rollingUpdate) }),
          "must be 'RollingUpdate' or 'OnDelete'",
        ),
      );
  }
  const pvc = s.persistentVolumeClaimRetentionPolicy;
  if (pvc) {
    const p = child(path, 'persistentVolumeClaimRetentionPolicy');
    errs.push(...validatePVCRetentionPolicyType(pvc.whenDeleted, child(p, 'whenDeleted')));
    errs.push(...validatePVCRetentionPolicyType(pvc.whenScaled, child(p, 'whenScaled')));
  }
  errs.push(...validateNonnegativeField(s.replicas ?? 0, child(path, 'replicas')));
  errs.push(...validateNonnegativeField(s.minReadySeconds ?? 0, child(path, 'minReadySeconds')));
  if (s.ordinals) errs.push(...validateNonnegativeField(s.ordinals.start ?? 0, child(path, 'ordinals.start')));
  const sel = validateWorkloadSelector(s.selector, path, 'statefulset', errs);
  if (!sel) errs.push(invalid(child(path, 'selector'), asJSON(selectorJSON(s.selector ?? {})), ''));
  else errs.push(...validatePodTemplateSpecForStatefulSet(s.template, sel, child(path, 'template')));
  const restartPolicy = s.template?.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always') {
    errs.push(notSupported(child(path, 'template', 'spec', 'restartPolicy'), asJSON(restartPolicy), ['Always']));
  }
  if (isSet(s.template?.spec?.['activeDeadlineSeconds'])) {
    errs.push(
      forbidden(
        child(path, 'template', 'spec', 'activeDeadlineSeconds'),
        'activeDeadlineSeconds in StatefulSet is not Supported',
      ),
    );
  }
  return errs;
}

// Port of ValidateStatefulSet (pkg/apis/apps/validation/validation.go), without defaulting.
export function validateStatefulSetDefaulted(ss: StatefulSet, _opts: PodValidationOptions): FieldError[] {
  return [
    ...validateObjectMeta(ss.metadata, validateStatefulSetName, 'metadata'),
    ...validateStatefulSetSpec(ss.spec, 'spec'),
  ];
}

/** What kube-apiserver does on create: apps/v1 defaults on a copy, then ValidateStatefulSet. */
export function validateStatefulSet(ss: StatefulSet, opts: { gates: FeatureGates }): FieldError[] {
  return validateStatefulSetDefaulted(setDefaultsStatefulSet(ss), { gates: opts.gates });
}
