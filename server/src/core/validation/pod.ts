// core/v1 Pod and PodTemplate validation on create, for the parts validation/podTemplate.ts reproduces.
import type { FieldError } from '../types';
import type { FeatureGates } from '../k8sVersion';
import { forbidden } from './fieldErrors';
import { nameIsDNSSubdomain } from './names';
import { validateObjectMeta } from './objectMeta';
import { validatePodSpec, validatePodTemplateSpec } from './podTemplate';
import { setDefaultsPod, setDefaultsPodTemplate } from './workloadDefaults';
import type { Pod, PodTemplate } from './workloadTypes';

// Port of ValidatePodCreate (pkg/apis/core/validation/validation.go): ValidatePodSpec's reproduced parts, and
// ephemeral containers, which only the ephemeralcontainers subresource may add.
export function validatePodDefaulted(pod: Pod, gates: FeatureGates): FieldError[] {
  const errs = [
    ...validateObjectMeta(pod.metadata, nameIsDNSSubdomain, 'metadata'),
    ...validatePodSpec(pod.spec, 'spec', { gates }),
  ];
  const eph = pod.spec?.['ephemeralContainers'];
  if (Array.isArray(eph) && eph.length > 0) errs.push(forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  return errs;
}

/** What kube-apiserver does on create: core/v1 defaults on a copy, then ValidatePodCreate. */
export function validatePod(pod: Pod, opts: { gates: FeatureGates }): FieldError[] {
  return validatePodDefaulted(setDefaultsPod(pod), opts.gates);
}

// Port of ValidatePodTemplate (pkg/apis/core/validation/validation.go).
export function validatePodTemplateDefaulted(pt: PodTemplate, gates: FeatureGates): FieldError[] {
  return [
    ...validateObjectMeta(pt.metadata, nameIsDNSSubdomain, 'metadata'),
    ...validatePodTemplateSpec(pt.template, 'template', { gates }),
  ];
}

/** What kube-apiserver does on create: core/v1 defaults on a copy, then ValidatePodTemplate. */
export function validatePodTemplate(pt: PodTemplate, opts: { gates: FeatureGates }): FieldError[] {
  return validatePodTemplateDefaulted(setDefaultsPodTemplate(pt), opts.gates);
}
