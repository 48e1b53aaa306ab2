// A Pod object (kubectl's or the API server's shape) -> the part the scheduler's Filter plugins read about pods
// already on nodes (core/scheduler/types.ts SchedPod). Everything else — images, env, volumes, probes, most of
// status — is dropped, so a 450,000-pod inventory holds a fraction of its file in memory.
import type { PodCondition } from '../../core/types';
import type {
  ContainerPort,
  ResourceRequirements,
  SchedContainer,
  SchedContainerStatus,
  SchedPod,
  SchedPodSpec,
  SchedPodStatus,
} from '../../core/scheduler/types';
import { toResourceList } from './nodeModel';

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function stringMap(v: unknown): Record<string, string> | undefined {
  if (!isObj(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

/** Requests only: upstream's PodRequests never reads limits (the API server has already defaulted requests). */
function requestsOnly(v: unknown): ResourceRequirements | undefined {
  if (!isObj(v)) return undefined;
  const requests = toResourceList(v.requests);
  return requests ? { requests } : {};
}

// Only ports that take a host port matter to NodePorts.
function hostPorts(v: unknown): ContainerPort[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: ContainerPort[] = [];
  for (const p of v) {
    if (!isObj(p) || typeof p.hostPort !== 'number' || p.hostPort <= 0) continue;
    const port: ContainerPort = {
      containerPort: typeof p.containerPort === 'number' ? p.containerPort : 0,
      hostPort: p.hostPort,
    };
    if (typeof p.protocol === 'string') port.protocol = p.protocol;
    if (typeof p.hostIP === 'string') port.hostIP = p.hostIP;
    out.push(port);
  }
  return out.length ? out : undefined;
}

function containers(v: unknown): SchedContainer[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: SchedContainer[] = [];
  for (const c of v) {
    if (!isObj(c)) continue;
    const sc = { name: str(c.name) ?? '' } as SchedContainer;
    const resources = requestsOnly(c.resources);
    if (resources) sc.resources = resources;
    const ports = hostPorts(c.ports);
    if (ports) sc.ports = ports;
    if (typeof c.restartPolicy === 'string') sc.restartPolicy = c.restartPolicy;
    out.push(sc);
  }
  return out;
}

function containerStatuses(v: unknown): SchedContainerStatus[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: SchedContainerStatus[] = [];
  for (const cs of v) {
    if (!isObj(cs) || typeof cs.name !== 'string') continue;
    const allocatedResources = toResourceList(cs.allocatedResources);
    const resources = requestsOnly(cs.resources);
    // Only statuses that say something about resources (a pod resized in place) are worth keeping.
    if (!allocatedResources && !resources?.requests) continue;
    const s: SchedContainerStatus = { name: cs.name };
    if (allocatedResources) s.allocatedResources = allocatedResources;
    if (resources?.requests) s.resources = resources;
    out.push(s);
  }
  return out.length ? out : undefined;
}

// Of the conditions, PodRequests reads only the pending resize (its reason says Deferred or Infeasible).
const RESIZE_CONDITIONS = new Set(['PodResizePending', 'PodResizeInProgress']);
function resizeConditions(v: unknown): PodCondition[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: PodCondition[] = [];
  for (const c of v) {
    if (!isObj(c) || typeof c.type !== 'string' || typeof c.status !== 'string' || !RESIZE_CONDITIONS.has(c.type))
      continue;
    const pc: PodCondition & { reason?: string } = { type: c.type, status: c.status };
    if (typeof c.reason === 'string') pc.reason = c.reason;
    out.push(pc);
  }
  return out.length ? out : undefined;
}

function specOf(spec: Record<string, unknown>): SchedPodSpec {
  const out: SchedPodSpec = {};
  if (typeof spec.nodeName === 'string') out.nodeName = spec.nodeName;
  const cs = containers(spec.containers);
  if (cs) out.containers = cs;
  const init = containers(spec.initContainers);
  if (init) out.initContainers = init;
  const overhead = toResourceList(spec.overhead);
  if (overhead) out.overhead = overhead;
  const resources = requestsOnly(spec.resources);
  if (resources) out.resources = resources;
  // Kept as written: InterPodAffinity reads existing pods' terms, PodTopologySpread their constraints. (Their
  // tolerations are not kept: only the incoming pod's are read.)
  if (isObj(spec.affinity)) out.affinity = spec.affinity as SchedPodSpec['affinity'];
  if (Array.isArray(spec.topologySpreadConstraints)) {
    out.topologySpreadConstraints = spec.topologySpreadConstraints.filter(
      isObj,
    ) as unknown as SchedPodSpec['topologySpreadConstraints'];
  }
  return out;
}

function statusOf(st: Record<string, unknown>): SchedPodStatus {
  const out: SchedPodStatus = {};
  if (typeof st.phase === 'string') out.phase = st.phase;
  const conds = resizeConditions(st.conditions);
  if (conds) out.conditions = conds;
  if (typeof st.resize === 'string') out.resize = st.resize;
  const cs = containerStatuses(st.containerStatuses);
  if (cs) out.containerStatuses = cs;
  const ics = containerStatuses(st.initContainerStatuses);
  if (ics) out.initContainerStatuses = ics;
  const resources = requestsOnly(st.resources);
  if (resources?.requests) out.resources = resources;
  const allocated = toResourceList(st.allocatedResources);
  if (allocated) out.allocatedResources = allocated;
  return out;
}

/** The scheduler's view of a Pod object; `{ error }` when it has no name. Wrongly typed parts are skipped. */
export function toSchedPod(obj: unknown): SchedPod | { error: string } {
  if (!isObj(obj)) return { error: 'a Pod must be an object' };
  const meta = isObj(obj.metadata) ? obj.metadata : undefined;
  const name = meta?.name;
  if (typeof name !== 'string' || name === '') return { error: 'a Pod needs metadata.name' };
  const metadata: NonNullable<SchedPod['metadata']> = { name };
  if (typeof meta!.namespace === 'string') metadata.namespace = meta!.namespace;
  if (typeof meta!.uid === 'string') metadata.uid = meta!.uid;
  const labels = stringMap(meta!.labels);
  if (labels) metadata.labels = labels;
  if (typeof meta!.deletionTimestamp === 'string') metadata.deletionTimestamp = meta!.deletionTimestamp;
  const pod: SchedPod = { kind: 'Pod', metadata };
  if (isObj(obj.spec)) pod.spec = specOf(obj.spec);
  if (isObj(obj.status)) pod.status = statusOf(obj.status);
  return pod;
}
