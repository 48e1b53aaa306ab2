// NodeResourcesFit's PreFilter and Filter (pkg/scheduler/framework/plugins/noderesources/fit.go; read from a
// v1.35-development copy, the release tag itself was not available): the pod's requests (resource.PodRequests) must
// fit in allocatable minus what the pods already on the node request, and the node's pod count must leave room.
// DRA-backed extended resources (DRAExtendedResource, alpha and off) are not ported.
import { schedulerMessage } from '../../../codes/scheduler';
import { child, index, key as keyPath, type FieldPath } from '../../fieldPath';
import { podRequests } from '../podRequests';
import { emptyResource, isExtendedResourceName, objectsOf, setMaxResource } from '../resource';
import type {
  CycleContext,
  FilterPlugin,
  FilterResult,
  InsufficientResource,
  NodeInfoView,
  PreFilterOutcome,
  Resource,
  SchedPod,
} from '../types';

export const ERR_REASON_TOO_MANY_PODS = schedulerMessage.tooManyPods();
export const ERR_REASON_SIDECARS_DISABLED = schedulerMessage.sidecarsDisabled();

interface State {
  request: Resource;
  /** requestField per resource name, for this pod: found once, shared by every node it is short on. */
  fields: Map<string, FieldPath>;
  /** Rejections by what they say (resources short, used, capacity): nodes short alike share one, frozen. */
  results: Map<string, FilterResult>;
}

// Distinct rejections remembered per pod (nodes of a pool filled alike share them; past this, each is new).
const MAX_SHARED_RESULTS = 4096;

// `Insufficient <resource>` per resource name: one string shared by every rejection (a DaemonSet over 15,000 full
// nodes rejects thousands alike, and what it allocates per node is what an edit's garbage collection pays for).
const insufficientMessages = new Map<string, string>();
function insufficientMessage(name: string): string {
  let m = insufficientMessages.get(name);
  if (m === undefined) {
    if (insufficientMessages.size >= 1024) insufficientMessages.clear(); // extended resource names are unbounded
    insufficientMessages.set(name, (m = schedulerMessage.insufficient(name)));
  }
  return m;
}

function hasRestartableInitContainer(pod: SchedPod): boolean {
  return objectsOf(pod.spec?.initContainers).some((c) => c.restartPolicy === 'Always');
}

// Port of computePodResourceRequest (pkg/scheduler/framework/plugins/noderesources/fit.go).
export function computePodResourceRequest(pod: SchedPod, enablePodLevelResources: boolean): Resource {
  const reqs = podRequests(pod, { skipPodLevelResources: !enablePodLevelResources });
  const result = emptyResource();
  setMaxResource(result, reqs);
  return result;
}

// Port of Fit.PreFilter (pkg/scheduler/framework/plugins/noderesources/fit.go).
function preFilter(pod: SchedPod, ctx: CycleContext): PreFilterOutcome<State> {
  if (!ctx.enableSidecarContainers && hasRestartableInitContainer(pod)) {
    return {
      kind: 'reject',
      result: {
        plugin: 'NodeResourcesFit',
        code: 'UnschedulableAndUnresolvable',
        reasons: [ERR_REASON_SIDECARS_DISABLED],
        field: child(ctx.specPath, 'initContainers'),
      },
    };
  }
  const request = computePodResourceRequest(pod, ctx.enablePodLevelResources);
  return { kind: 'state', state: { request, fields: new Map(), results: new Map() } };
}

function insufficient(name: string, reason: string, req: number, used: number, cap: number): InsufficientResource {
  return { resourceName: name, reason, requested: req, used, capacity: cap, unresolvable: req > cap };
}

// Port of fitsRequest (pkg/scheduler/framework/plugins/noderesources/fit.go).
export function fitsRequest(req: Resource, node: NodeInfoView, ctx: CycleContext): InsufficientResource[] {
  const out: InsufficientResource[] = [];
  const alloc = node.allocatable;
  const used = node.requested;
  const podCount = node.pods.length;
  if (podCount + 1 > alloc.allowedPodNumber) {
    out.push({
      resourceName: 'pods',
      reason: ERR_REASON_TOO_MANY_PODS,
      requested: 1,
      used: podCount,
      capacity: alloc.allowedPodNumber,
      unresolvable: false,
    });
  }
  const none = req.milliCPU === 0 && req.memory === 0 && req.ephemeralStorage === 0 && req.scalarResources.size === 0;
  if (none) return out;
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - used.milliCPU) {
    out.push(insufficient('cpu', insufficientMessage('cpu'), req.milliCPU, used.milliCPU, alloc.milliCPU));
  }
  if (req.memory > 0 && req.memory > alloc.memory - used.memory) {
    out.push(insufficient('memory', insufficientMessage('memory'), req.memory, used.memory, alloc.memory));
  }
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > alloc.ephemeralStorage - used.ephemeralStorage) {
    out.push(insufficient('ephemeral-storage', insufficientMessage('ephemeral-storage'), req.ephemeralStorage,
      used.ephemeralStorage, alloc.ephemeralStorage));
  }
  for (const [name, q] of req.scalarResources) {
    if (q === 0) continue;
    if (isExtendedResourceName(name)) {
      const group = ctx.ignoredResourceGroups.size > 0 ? (name.split('/')[0] as string) : '';
      if (ctx.ignoredResources.has(name) || ctx.ignoredResourceGroups.has(group)) continue;
    }
    const a = alloc.scalarResources.get(name) ?? 0;
    const u = used.scalarResources.get(name) ?? 0;
    if (q > a - u) out.push(insufficient(name, insufficientMessage(name), q, u, a));
  }
  return out;
}

/** The common case without allocating: room for one more pod and for every request (ignored resources aside). */
function fitsQuickly(req: Resource, node: NodeInfoView): boolean {
  const alloc = node.allocatable;
  const used = node.requested;
  if (node.pods.length + 1 > alloc.allowedPodNumber) return false;
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - used.milliCPU) return false;
  if (req.memory > 0 && req.memory > alloc.memory - used.memory) return false;
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > alloc.ephemeralStorage - used.ephemeralStorage) return false;
  if (req.scalarResources.size === 0) return true;
  for (const [name, q] of req.scalarResources) {
    if (q > 0 && q > (alloc.scalarResources.get(name) ?? 0) - (used.scalarResources.get(name) ?? 0)) return false;
  }
  return true;
}

/** The first place in the pod that asks for `resource`: a container, an init container, pod-level, or overhead. */
export function requestField(pod: SchedPod, resource: string, specPath: FieldPath): FieldPath {
  const spec = pod.spec;
  for (const list of ['containers', 'initContainers'] as const) {
    const cs = objectsOf(spec?.[list]);
    for (let i = 0; i < cs.length; i++) {
      const r = cs[i]?.resources?.requests;
      if (r && Object.hasOwn(r, resource)) {
        return keyPath(child(index(child(specPath, list), i), 'resources', 'requests'), resource);
      }
    }
  }
  if (spec?.resources?.requests && Object.hasOwn(spec.resources.requests, resource)) {
    return keyPath(child(specPath, 'resources', 'requests'), resource);
  }
  if (spec?.overhead && Object.hasOwn(spec.overhead, resource)) return keyPath(child(specPath, 'overhead'), resource);
  return child(specPath, 'containers');
}

export const nodeResourcesFit: FilterPlugin<State> = {
  name: 'NodeResourcesFit',
  preFilter,
  // Port of Fit.Filter (pkg/scheduler/framework/plugins/noderesources/fit.go).
  filter(s, pod, node, ctx): FilterResult | null {
    if (fitsQuickly(s.request, node)) return null;
    const found = fitsRequest(s.request, node, ctx);
    if (found.length === 0) return null;
    // The pod's requests are the state's: the resources short, with what is used and allocatable, decide the rest.
    let key = '';
    for (const r of found) key += `${r.resourceName}\u0000${r.used}\u0000${r.capacity}\u0000`;
    const known = s.results.get(key);
    if (known) return known;
    const first = found.find((r) => r.resourceName !== 'pods');
    let field: FieldPath | undefined;
    if (first) {
      field = s.fields.get(first.resourceName);
      if (field === undefined) s.fields.set(first.resourceName, (field = requestField(pod, first.resourceName, ctx.specPath)));
    }
    const result: FilterResult = {
      plugin: 'NodeResourcesFit',
      code: found.some((r) => r.unresolvable) ? 'UnschedulableAndUnresolvable' : 'Unschedulable',
      reasons: found.map((r) => r.reason),
      field,
      insufficient: found,
    };
    // Frozen, the framework shares one outcome between the nodes too (framework.ts firstRejection).
    if (s.results.size < MAX_SHARED_RESULTS) s.results.set(key, Object.freeze(result));
    return result;
  },
};
