// resource.PodRequests (k8s.io/component-helpers/resource/helpers.go, read at v0.35.0): what a pod asks of a node —
// the sum of its containers against the largest init container (restartable sidecars count towards both), plus
// pod overhead, with pod-level requests taking over cpu/memory/hugepages when the pod sets them.
import { Quantity } from './quantity';
import {
  addResourceList,
  maxResourceList,
  objectsOf,
  toQuantityList,
  type QuantityError,
  type QuantityList,
} from './resource';
import type { ResourceList, SchedContainer, SchedContainerStatus, SchedPod } from './types';

export interface PodResourcesOptions {
  /** Use the container statuses of a pod resized in place (max of spec, actuated, allocated). */
  useStatusResources?: boolean;
  /** Same for pod-level resources (InPlacePodLevelResourcesVerticalScaling). */
  inPlacePodLevelResourcesVerticalScalingEnabled?: boolean;
  excludeOverhead?: boolean;
  /** Added to a container for each resource it does not request (the scheduler's non-zero defaults). */
  nonMissingContainerRequests?: QuantityList;
  skipPodLevelResources?: boolean;
  skipContainerLevelResources?: boolean;
  /** Collects quantities that do not parse (they count as absent). */
  errors?: QuantityError[];
}

const HUGEPAGES_PREFIX = 'hugepages-';

// Port of IsSupportedPodLevelResource (component-helpers/resource/helpers.go).
export function isSupportedPodLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith(HUGEPAGES_PREFIX);
}

function hasSupported(rl: ResourceList | undefined): boolean {
  return rl ? Object.keys(rl).some(isSupportedPodLevelResource) : false;
}

// Port of IsPodLevelResourcesSet (component-helpers/resource/helpers.go).
export function isPodLevelResourcesSet(pod: SchedPod): boolean {
  const r = pod.spec?.resources;
  return !!r && (hasSupported(r.requests) || hasSupported(r.limits));
}

// Port of IsPodLevelRequestsSet (component-helpers/resource/helpers.go).
export function isPodLevelRequestsSet(pod: SchedPod): boolean {
  return hasSupported(pod.spec?.resources?.requests);
}

// Port of IsPodResizeInfeasible (component-helpers/resource/helpers.go).
export function isPodResizeInfeasible(pod: SchedPod): boolean {
  const c = pod.status?.conditions?.find((x) => x.type === 'PodResizePending');
  return (c as { reason?: string } | undefined)?.reason === 'Infeasible';
}

function maxOf(first: QuantityList, ...rest: QuantityList[]): QuantityList {
  const out: QuantityList = new Map(first);
  for (const r of rest) maxResourceList(out, r);
  return out;
}

// Port of determineEffectiveRequests (component-helpers/resource/helpers.go).
function effectiveRequests(pod: SchedPod, spec: QuantityList, actuated: QuantityList, allocated: QuantityList) {
  return isPodResizeInfeasible(pod) ? maxOf(actuated, allocated) : maxOf(spec, actuated, allocated);
}

// Port of applyNonMissing (component-helpers/resource/helpers.go).
function applyNonMissing(reqs: QuantityList, nonMissing: QuantityList): QuantityList {
  const out: QuantityList = new Map(reqs);
  for (const [k, v] of nonMissing) if (!reqs.has(k)) out.set(k, v);
  return out;
}

const isRestartable = (c: SchedContainer): boolean => c.restartPolicy === 'Always';

// Port of AggregateContainerRequests (component-helpers/resource/helpers.go).
export function aggregateContainerRequests(pod: SchedPod, opts: PodResourcesOptions = {}): QuantityList {
  const reqs: QuantityList = new Map();
  const spec = pod.spec;
  let statuses: Map<string, SchedContainerStatus> | undefined;
  if (opts.useStatusResources) {
    statuses = new Map();
    for (const cs of objectsOf(pod.status?.containerStatuses)) statuses.set(cs.name, cs);
    for (const cs of objectsOf(pod.status?.initContainerStatuses)) statuses.set(cs.name, cs);
  }
  const requestsOf = (c: SchedContainer, useStatus: boolean): QuantityList => {
    let r = toQuantityList(c.resources?.requests, opts.errors);
    const cs = useStatus ? statuses?.get(c.name ?? '') : undefined;
    if (cs?.resources) {
      r = effectiveRequests(pod, r, toQuantityList(cs.resources.requests), toQuantityList(cs.allocatedResources));
    }
    if (opts.nonMissingContainerRequests?.size) r = applyNonMissing(r, opts.nonMissingContainerRequests);
    return r;
  };
  for (const c of objectsOf(spec?.containers)) addResourceList(reqs, requestsOf(c, true));

  const restartable: QuantityList = new Map();
  const initMax: QuantityList = new Map();
  for (const c of objectsOf(spec?.initContainers)) {
    let r = requestsOf(c, isRestartable(c));
    if (isRestartable(c)) {
      // A sidecar keeps running: it adds to the pod and to every init container started after it.
      addResourceList(reqs, r);
      addResourceList(restartable, r);
      r = restartable;
    } else {
      const tmp: QuantityList = new Map();
      addResourceList(tmp, r);
      addResourceList(tmp, restartable);
      r = tmp;
    }
    maxResourceList(initMax, r);
  }
  maxResourceList(reqs, initMax);
  return reqs;
}

// Port of PodRequests (component-helpers/resource/helpers.go).
export function podRequests(pod: SchedPod, opts: PodResourcesOptions = {}): QuantityList {
  let reqs: QuantityList = new Map();
  if (!opts.skipContainerLevelResources) reqs = aggregateContainerRequests(pod, opts);
  const podLevel = pod.spec?.resources?.requests;
  if (!opts.skipPodLevelResources && podLevel && isPodLevelRequestsSet(pod)) {
    let effective: QuantityList | undefined;
    const status = pod.status?.resources;
    if (opts.inPlacePodLevelResourcesVerticalScalingEnabled && opts.useStatusResources && status) {
      const allocated = toQuantityList(pod.status?.allocatedResources);
      effective = effectiveRequests(pod, toQuantityList(podLevel), toQuantityList(status.requests), allocated);
    }
    const specList = toQuantityList(podLevel, opts.errors);
    for (const [name, q] of specList) {
      if (!isSupportedPodLevelResource(name)) continue;
      const e = effective?.get(name);
      // Upstream writes the zero Quantity when the effective list lacks the name.
      reqs.set(name, effective ? (e ?? ZERO) : q);
    }
  }
  if (!opts.excludeOverhead && pod.spec?.overhead) {
    addResourceList(reqs, toQuantityList(pod.spec.overhead, opts.errors));
  }
  return reqs;
}

const ZERO = new Quantity(0n, 0, 'DecimalSI');
