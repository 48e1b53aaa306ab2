// The parts of ValidatePodTemplateSpec / ValidatePodSpec this product reproduces exactly
// (containers' name/image/policies, restartPolicy, dnsPolicy, nodeName, activeDeadlineSeconds,
// and the scheduling fields: nodeSelector, affinity, tolerations).
import type { Container, FieldError, PodSpec, PodTemplateSpec } from '../types';
import type { FeatureGates } from '../k8sVersion';
import { child, index, type FieldPath } from '../fieldPath';
import { asJSON, duplicate, forbidden, invalid, notSupported, required } from './fieldErrors';
import { validateAffinity } from './affinity';
import { validateTolerations } from './tolerations';
import { inclusiveRangeError, nameIsDNSSubdomain, validateAnnotations, validateDNS1123Label, validateLabels } from './names';

export interface PodValidationOptions {
  gates: FeatureGates;
  /** Keep label-value checks off in affinity selectors (only for objects that already had such values). */
  allowInvalidLabelValueInSelector?: boolean;
  allowInvalidLabelValueInRequiredNodeAffinity?: boolean;
}

const MAX_INT32 = 2147483647;

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

// Port of validatePullPolicy (pkg/apis/core/validation/validation.go).
function validatePullPolicy(policy: string, path: FieldPath): FieldError[] {
  switch (policy) {
    case 'Always': case 'IfNotPresent': case 'Never': return [];
    case '': return [required(path, '')];
    default: return [notSupported(path, asJSON(policy), ['Always', 'IfNotPresent', 'Never'])];
  }
}

// Port of validateContainerCommon (pkg/apis/core/validation/validation.go): name, image, terminationMessagePolicy, imagePullPolicy.
function validateContainerCommon(ctr: Container, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(ctr.name);
  if (name.length === 0) errs.push(required(child(path, 'name'), ''));
  else errs.push(...validateDNS1123Label(name, child(path, 'name')));
  // Whitespace around the image is left alone on purpose (a space is a valid placeholder in some templates).
  if (str(ctr.image).length === 0) errs.push(required(child(path, 'image'), ''));
  const tmp = str(ctr['terminationMessagePolicy']);
  switch (tmp) {
    case 'File': case 'FallbackToLogsOnError': break;
    case '': errs.push(required(child(path, 'terminationMessagePolicy'), '')); break;
    default: errs.push(notSupported(child(path, 'terminationMessagePolicy'), asJSON(tmp), ['File', 'FallbackToLogsOnError']));
  }
  errs.push(...validatePullPolicy(str(ctr['imagePullPolicy']), child(path, 'imagePullPolicy')));
  return errs;
}

// Port of validateContainers (pkg/apis/core/validation/validation.go), the name/image/uniqueness part.
function validateContainers(containers: Container[] | undefined, path: FieldPath): FieldError[] {
  const list = containers ?? [];
  if (list.length === 0) return [required(path, '')];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list.forEach((ctr, i) => {
    const p = index(path, i);
    const c = ctr ?? {};
    errs.push(...validateContainerCommon(c, p));
    const name = str(c.name);
    if (names.has(name)) errs.push(duplicate(child(p, 'name'), name));
    else names.add(name);
    if (c['restartPolicy'] !== undefined && c['restartPolicy'] !== null) {
      errs.push(forbidden(child(p, 'restartPolicy'), 'may not be set for non-init containers'));
    }
  });
  return errs;
}

// Port of validateInitContainers (pkg/apis/core/validation/validation.go), the name/image/uniqueness part.
function validateInitContainers(containers: Container[] | undefined, regular: Container[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>((regular ?? []).map((c) => str(c?.name)));
  (containers ?? []).forEach((ctr, i) => {
    const p = index(path, i);
    const c = ctr ?? {};
    errs.push(...validateContainerCommon(c, p));
    const name = str(c.name);
    if (names.has(name)) errs.push(duplicate(child(p, 'name'), name));
    else if (name.length > 0) names.add(name);
  });
  return errs;
}

// Port of validateRestartPolicy (pkg/apis/core/validation/validation.go).
function validateRestartPolicy(policy: string, path: FieldPath): FieldError[] {
  switch (policy) {
    case 'Always': case 'OnFailure': case 'Never': return [];
    case '': return [required(path, '')];
    default: return [notSupported(path, asJSON(policy), ['Always', 'OnFailure', 'Never'])];
  }
}

// Port of validateDNSPolicy (pkg/apis/core/validation/validation.go).
function validateDNSPolicy(policy: string, path: FieldPath): FieldError[] {
  switch (policy) {
    case 'ClusterFirstWithHostNet': case 'ClusterFirst': case 'Default': case 'None': return [];
    case '': return [required(path, '')];
    // Upstream passes a *DNSPolicy, which prints through json.Marshal.
    default: return [notSupported(path, asJSON(policy), ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'])];
  }
}

/**
 * nodeSelector, affinity and tolerations of a pod spec, with the field paths kube-apiserver uses
 * under `path` (e.g. `spec.template.spec`). Shared by every workload kind that embeds a pod template.
 */
export function validatePodSpecScheduling(spec: PodSpec | undefined, path: FieldPath, opts: PodValidationOptions): FieldError[] {
  const s = spec ?? {};
  return [
    ...validateLabels(s.nodeSelector, child(path, 'nodeSelector')),
    ...validateAffinity(s.affinity, opts, child(path, 'affinity')),
    ...(s.tolerations && s.tolerations.length > 0 ? validateTolerations(s.tolerations, child(path, 'tolerations'), opts.gates) : []),
  ];
}

// Port of ValidatePodSpec (pkg/apis/core/validation/validation.go), for the fields listed at the top of this file, in upstream order.
export function validatePodSpec(spec: PodSpec | undefined, path: FieldPath, opts: PodValidationOptions): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  errs.push(...validateContainers(s.containers, child(path, 'containers')));
  errs.push(...validateInitContainers(s.initContainers, s.containers, child(path, 'initContainers')));
  errs.push(...validateRestartPolicy(str(s.restartPolicy), child(path, 'restartPolicy')));
  errs.push(...validateDNSPolicy(str(s.dnsPolicy), child(path, 'dnsPolicy')));
  errs.push(...validateLabels(s.nodeSelector, child(path, 'nodeSelector')));
  errs.push(...validateAffinity(s.affinity, opts, child(path, 'affinity')));
  // validatePodDNSConfig: None needs a dnsConfig with at least one nameserver.
  if (str(s.dnsPolicy) === 'None') {
    const dnsConfig = s['dnsConfig'] as { nameservers?: unknown[] } | undefined | null;
    if (!dnsConfig) errs.push(required(child(path, 'dnsConfig'), 'must provide `dnsConfig` when `dnsPolicy` is None'));
    else if (!Array.isArray(dnsConfig.nameservers) || dnsConfig.nameservers.length === 0) {
      errs.push(required(child(path, 'dnsConfig', 'nameservers'), 'must provide at least one DNS nameserver when `dnsPolicy` is None'));
    }
  }
  const nodeName = str(s.nodeName);
  if (nodeName.length > 0) {
    for (const msg of nameIsDNSSubdomain(nodeName, false)) errs.push(invalid(child(path, 'nodeName'), nodeName, msg));
  }
  const ads = s['activeDeadlineSeconds'];
  if (typeof ads === 'number' && (ads < 1 || ads > MAX_INT32)) {
    errs.push(invalid(child(path, 'activeDeadlineSeconds'), ads, inclusiveRangeError(1, MAX_INT32)));
  }
  if (s.tolerations && s.tolerations.length > 0) errs.push(...validateTolerations(s.tolerations, child(path, 'tolerations'), opts.gates));
  const pcn = str(s.priorityClassName);
  if (pcn.length > 0) {
    for (const msg of nameIsDNSSubdomain(pcn, false)) errs.push(invalid(child(path, 'priorityClassName'), pcn, msg));
  }
  return errs;
}

// Port of ValidatePodTemplateSpec (pkg/apis/core/validation/validation.go), without the pod-specific annotation checks.
export function validatePodTemplateSpec(template: PodTemplateSpec | undefined, path: FieldPath, opts: PodValidationOptions): FieldError[] {
  const t = template ?? {};
  const errs: FieldError[] = [];
  // Upstream reports template labels and annotations without the "metadata" step.
  errs.push(...validateLabels(t.metadata?.labels, child(path, 'labels')));
  errs.push(...validateAnnotations(t.metadata?.annotations, child(path, 'annotations')));
  errs.push(...validatePodSpec(t.spec, child(path, 'spec'), opts));
  const eph = t.spec?.['ephemeralContainers'];
  if (Array.isArray(eph) && eph.length > 0) {
    errs.push(forbidden(child(path, 'spec', 'ephemeralContainers'), 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}
