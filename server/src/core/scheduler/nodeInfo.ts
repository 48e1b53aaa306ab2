// The scheduler's per-node view (framework.NodeInfo; pkg/scheduler/framework/types.go, v1.35-era copy) kept up to
// date pod by pod: the requests of the pods bound to a node, their count and their host ports are summed once when
// the inventory loads and then adjusted on each pod event, so evaluating a pod over every node reads only totals.
import { podRequests } from './podRequests';
import { addHostPort, forEachHostPort, removeHostPort } from './hostPorts';
import { accumulate, emptyResource, newResource, objectsOf, toQuantityList, type QuantityList } from './resource';
import { mustParseQuantity } from './quantity';
import type { HostPortInfo, NodeInfoView, PodInfo, PodResource, Resource, SchedNode, SchedPod } from './types';

export interface NodeInfoOptions {
  /** InPlacePodVerticalScaling: count a resized pod by max(spec, actuated, allocated). On in v1.35. */
  inPlacePodVerticalScaling?: boolean;
  /** PodLevelResources: pod-level requests replace the containers' sum. On (beta) in v1.35. */
  podLevelResources?: boolean;
}

const DEFAULT_MILLI_CPU_REQUEST = 100; // pkg/scheduler/util: 0.1 core
const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024; // pkg/scheduler/util: 200 MiB
const DEFAULT_NON_MISSING: QuantityList = new Map([
  ['cpu', mustParseQuantity(`${DEFAULT_MILLI_CPU_REQUEST}m`)],
  ['memory', mustParseQuantity(String(DEFAULT_MEMORY_REQUEST))],
]);

// Port of getNonMissingContainerRequests (pkg/scheduler/framework/types.go).
function nonMissingContainerRequests(requests: QuantityList, podLevelSet: boolean): QuantityList {
  if (!podLevelSet) return DEFAULT_NON_MISSING;
  const out: QuantityList = new Map();
  if (!requests.has('cpu')) out.set('cpu', DEFAULT_NON_MISSING.get('cpu') as never);
  if (!requests.has('memory')) out.set('memory', DEFAULT_NON_MISSING.get('memory') as never);
  return out;
}

/**
 * Everything PodRequests reads of a pod, as one string: pods stamped from the same template (and in the same resize
 * state) share one PodResource, computed once. PodResources are never mutated.
 */
function resourceKey(pod: SchedPod, opts: NodeInfoOptions): string {
  const spec = pod.spec;
  const st = pod.status;
  const parts: unknown[] = [opts.inPlacePodVerticalScaling ?? true, opts.podLevelResources ?? true,
    spec?.overhead ?? null, spec?.resources?.requests ?? null];
  for (const c of objectsOf(spec?.containers)) parts.push(c.name ?? null, c.resources?.requests ?? null);
  parts.push('|');
  for (const c of objectsOf(spec?.initContainers)) {
    parts.push(c.name ?? null, c.restartPolicy ?? null, c.resources?.requests ?? null);
  }
  if (st) {
    parts.push('|', st.resources?.requests ?? null, st.allocatedResources ?? null);
    for (const cs of [...objectsOf(st.containerStatuses), ...objectsOf(st.initContainerStatuses)]) {
      if (cs?.resources || cs?.allocatedResources) {
        parts.push(cs.name, cs.resources?.requests ?? null, cs.allocatedResources ?? null);
      }
    }
    const resize = st.conditions?.find((c) => c.type === 'PodResizePending') as { reason?: string } | undefined;
    parts.push(resize?.reason ?? null);
  }
  return JSON.stringify(parts);
}

const resourceCache = new Map<string, PodResource>();

/** calculateResource with a cache over pods of identical resources (bounded; cleared when it grows past 50,000). */
export function cachedCalculateResource(pod: SchedPod, opts: NodeInfoOptions = {}): PodResource {
  const key = resourceKey(pod, opts);
  let r = resourceCache.get(key);
  if (!r) {
    if (resourceCache.size > 50_000) resourceCache.clear();
    r = calculateResource(pod, opts);
    resourceCache.set(key, r);
  }
  return r;
}

// Port of PodInfo.CalculateResource (pkg/scheduler/framework/types.go).
export function calculateResource(pod: SchedPod, opts: NodeInfoOptions = {}): PodResource {
  const useStatusResources = opts.inPlacePodVerticalScaling ?? true;
  const podLevel = opts.podLevelResources ?? true;
  const requests = podRequests(pod, { useStatusResources, skipPodLevelResources: !podLevel });
  const podLevelSet = podLevel && Object.keys(pod.spec?.resources?.requests ?? {}).some(
    (n) => n === 'cpu' || n === 'memory' || n.startsWith('hugepages-'),
  );
  const nonMissing = nonMissingContainerRequests(requests, podLevelSet);
  const non0 = nonMissing.size > 0
    ? podRequests(pod, {
      useStatusResources, skipPodLevelResources: !podLevel, nonMissingContainerRequests: nonMissing,
    })
    : requests;
  return {
    resource: newResource(requests),
    non0CPU: non0.get('cpu')?.milliValue() ?? 0,
    non0Mem: non0.get('memory')?.value() ?? 0,
  };
}

/** Pods the scheduler's cache holds: bound to a node and not finished (its informer skips Succeeded/Failed). */
export function isAssignedActivePod(pod: SchedPod): boolean {
  const phase = pod.status?.phase;
  return !!pod.spec?.nodeName && phase !== 'Succeeded' && phase !== 'Failed';
}

/** Identity of a pod on a node: its uid, else namespace/name (files often carry no uid). */
export function podKey(pod: SchedPod): string {
  const m = pod.metadata;
  return m?.uid || `${m?.namespace ?? 'default'}/${m?.name ?? m?.generateName ?? ''}`;
}

// Port of podWithAffinity (pkg/scheduler/framework/types.go).
function podWithAffinity(p: SchedPod): boolean {
  const a = p.spec?.affinity;
  return !!a && (!!a.podAffinity || !!a.podAntiAffinity);
}

// Port of podWithRequiredAntiAffinity (pkg/scheduler/framework/types.go).
function podWithRequiredAntiAffinity(p: SchedPod): boolean {
  return (p.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0;
}

function removeByKey(list: PodInfo[], key: string): PodInfo | undefined {
  const i = list.findIndex((p) => p.key === key);
  if (i < 0) return undefined;
  const removed = list[i] as PodInfo;
  // Swap with the last one, as upstream's removeFromSlice does.
  list[i] = list[list.length - 1] as PodInfo;
  list.pop();
  return removed;
}

/** framework.NodeInfo: one node, the pods bound to it and their running totals. */
export class NodeInfo implements NodeInfoView {
  node: SchedNode;
  readonly pods: PodInfo[] = [];
  readonly podsWithAffinity: PodInfo[] = [];
  readonly podsWithRequiredAntiAffinity: PodInfo[] = [];
  readonly usedPorts: HostPortInfo = new Map();
  readonly requested: Resource = emptyResource();
  readonly nonZeroRequested: Resource = emptyResource();
  allocatable: Resource;
  /** Bumped on every change, so views derived from it can tell they are stale. */
  generation = 0;
  private readonly keys = new Map<string, PodInfo>();

  constructor(node: SchedNode) {
    this.node = node;
    this.allocatable = newResource(toQuantityList(node.allocatable));
  }

  // Port of NodeInfo.SetNode (pkg/scheduler/framework/types.go).
  setNode(node: SchedNode): void {
    this.node = node;
    this.allocatable = newResource(toQuantityList(node.allocatable));
    this.generation++;
  }

  hasPod(key: string): boolean {
    return this.keys.has(key);
  }

  // Port of NodeInfo.AddPodInfo (pkg/scheduler/framework/types.go); a pod already present is replaced.
  addPodInfo(info: PodInfo): void {
    if (this.keys.has(info.key)) this.removePod(info.key);
    this.keys.set(info.key, info);
    this.pods.push(info);
    if (podWithAffinity(info.pod)) this.podsWithAffinity.push(info);
    if (podWithRequiredAntiAffinity(info.pod)) this.podsWithRequiredAntiAffinity.push(info);
    this.update(info, 1);
  }

  // Port of NodeInfo.RemovePod (pkg/scheduler/framework/types.go); false when the pod is not on this node.
  removePod(key: string): boolean {
    const info = this.keys.get(key);
    if (!info) return false;
    this.keys.delete(key);
    removeByKey(this.pods, key);
    if (podWithAffinity(info.pod)) removeByKey(this.podsWithAffinity, key);
    if (podWithRequiredAntiAffinity(info.pod)) removeByKey(this.podsWithRequiredAntiAffinity, key);
    this.update(info, -1);
    return true;
  }

  // Port of NodeInfo.update (pkg/scheduler/framework/types.go).
  private update(info: PodInfo, sign: 1 | -1): void {
    accumulate(this.requested, info.res.resource, sign);
    this.nonZeroRequested.milliCPU += sign * info.res.non0CPU;
    this.nonZeroRequested.memory += sign * info.res.non0Mem;
    const ports = this.usedPorts;
    if (sign > 0) forEachHostPort(info.pod, (p) => addHostPort(ports, p.hostIP, p.protocol, p.hostPort as number));
    else forEachHostPort(info.pod, (p) => removeHostPort(ports, p.hostIP, p.protocol, p.hostPort as number));
    this.generation++;
  }
}

/** Build the PodInfo the per-node view keeps for a bound pod (requests computed once). */
export function newPodInfo(pod: SchedPod, opts: NodeInfoOptions = {}): PodInfo {
  return { pod, key: podKey(pod), res: cachedCalculateResource(pod, opts) };
}

/**
 * Every node's view, indexed by name, with pods added and removed as events arrive. Pods bound to a node not (yet)
 * known wait until it is set, as the scheduler cache keeps them for a node it has not seen.
 */
export class ClusterNodeInfos {
  private readonly byName = new Map<string, NodeInfo>();
  private readonly podNode = new Map<string, string>();
  private readonly orphans = new Map<string, Map<string, PodInfo>>();
  private list: NodeInfo[] | undefined;
  private readonly byTemplate = new WeakMap<SchedPod, PodResource>();

  constructor(private readonly opts: NodeInfoOptions = {}) {}

  get(name: string): NodeInfo | undefined {
    return this.byName.get(name);
  }

  /** All node views, in the order nodes were first set. */
  nodes(): readonly NodeInfo[] {
    return (this.list ??= [...this.byName.values()]);
  }

  setNode(node: SchedNode): NodeInfo {
    let ni = this.byName.get(node.name);
    if (ni) {
      ni.setNode(node);
      return ni;
    }
    ni = new NodeInfo(node);
    this.byName.set(node.name, ni);
    this.list = undefined;
    const waiting = this.orphans.get(node.name);
    if (waiting) {
      for (const info of waiting.values()) ni.addPodInfo(info);
      this.orphans.delete(node.name);
    }
    return ni;
  }

  removeNode(name: string): void {
    const ni = this.byName.get(name);
    if (!ni) return;
    this.byName.delete(name);
    this.list = undefined;
    // Its pods stay known (as upstream keeps them until they are deleted) and return if the node does.
    const waiting = new Map<string, PodInfo>();
    for (const info of ni.pods) waiting.set(info.key, info);
    if (waiting.size) this.orphans.set(name, waiting);
  }

  /**
   * Add or update a pod; pods not bound or already finished are removed instead. `sameRequestsAs`: a pod whose
   * requests are this one's (the template it was stamped from, when a pods file is read): its PodResource is
   * computed once for all of them.
   */
  upsertPod(pod: SchedPod, sameRequestsAs?: SchedPod): void {
    const key = podKey(pod);
    this.removePod(key);
    if (!isAssignedActivePod(pod)) return;
    const nodeName = pod.spec?.nodeName as string;
    const res = sameRequestsAs ? this.resourceOf(sameRequestsAs) : cachedCalculateResource(pod, this.opts);
    const info: PodInfo = { pod, key, res };
    this.podNode.set(key, nodeName);
    const ni = this.byName.get(nodeName);
    if (ni) ni.addPodInfo(info);
    else {
      let w = this.orphans.get(nodeName);
      if (!w) this.orphans.set(nodeName, (w = new Map()));
      w.set(key, info);
    }
  }

  private resourceOf(template: SchedPod): PodResource {
    let r = this.byTemplate.get(template);
    if (!r) this.byTemplate.set(template, (r = calculateResource(template, this.opts)));
    return r;
  }

  removePod(key: string): void {
    const nodeName = this.podNode.get(key);
    if (nodeName === undefined) return;
    this.podNode.delete(key);
    if (!this.byName.get(nodeName)?.removePod(key)) this.orphans.get(nodeName)?.delete(key);
  }

  podCount(): number {
    return this.podNode.size;
  }
}
