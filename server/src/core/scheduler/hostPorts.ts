// The host ports a pod takes on its node (framework.HostPortInfo, k8s.io/kube-scheduler/framework/types.go at
// v0.35.0) and which of a pod's ports count (util.GetHostPorts, pkg/scheduler/util/utils.go, v1.35-era copy).
import { listOf, objectsOf } from './resource';
import { child, index, type FieldPath } from '../fieldPath';
import type { ContainerPort, HostPortInfo, PodInfo, SchedContainer, SchedPod, WantedHostPort } from './types';

export const DEFAULT_BIND_ALL_HOST_IP = '0.0.0.0';

/** A host port with where it is declared in the pod, and its sanitized IP and `protocol/port` key. */
export interface HostPortRef {
  port: ContainerPort;
  field: FieldPath;
  ip: string;
  protocol: string;
  key: string;
}

// Port of GetHostPorts (pkg/scheduler/util/utils.go): restartable init containers first, then containers.
export function getHostPorts(pod: SchedPod, specPath: FieldPath = 'spec'): HostPortRef[] {
  const out: HostPortRef[] = [];
  const spec = pod.spec;
  const collect = (list: SchedContainer[] | undefined, name: string, onlyRestartable: boolean): void => {
    listOf(list).forEach((c, i) => {
      if (typeof c !== 'object' || c === null) return;
      if (onlyRestartable && c.restartPolicy !== 'Always') return;
      listOf(c.ports).forEach((p, j) => {
        if (typeof p !== 'object' || p === null) return;
        if (typeof p.hostPort === 'number' && p.hostPort > 0) {
          const [ip, protocol] = sanitize(p.hostIP, p.protocol);
          const field = child(index(child(index(child(specPath, name), i), 'ports'), j), 'hostPort');
          out.push({ port: p, field, ip, protocol, key: ppKey(protocol, p.hostPort) });
        }
      });
    });
  };
  collect(spec?.initContainers, 'initContainers', true);
  collect(spec?.containers, 'containers', false);
  return out;
}

/** The host ports a pod takes, for NodeInfo's bookkeeping (GetHostPorts without field paths). */
export function forEachHostPort(pod: SchedPod, fn: (port: ContainerPort) => void): void {
  const spec = pod.spec;
  if (!spec) return;
  for (const c of objectsOf(spec.initContainers)) {
    if (c.restartPolicy !== 'Always') continue;
    for (const p of objectsOf(c.ports)) if (typeof p.hostPort === 'number' && p.hostPort > 0) fn(p);
  }
  for (const c of objectsOf(spec.containers)) {
    for (const p of objectsOf(c.ports)) if (typeof p.hostPort === 'number' && p.hostPort > 0) fn(p);
  }
}

// Port of HostPortInfo.sanitize (k8s.io/kube-scheduler/framework/types.go).
function sanitize(ip: string | undefined, protocol: string | undefined): [string, string] {
  return [ip || DEFAULT_BIND_ALL_HOST_IP, protocol || 'TCP'];
}

const ppKey = (protocol: string, port: number): string => `${protocol}/${port}`;

// Port of HostPortInfo.Add (k8s.io/kube-scheduler/framework/types.go).
export function addHostPort(h: HostPortInfo, ip: string | undefined, protocol: string | undefined, port: number): void {
  if (!(port > 0)) return;
  const [i, p] = sanitize(ip, protocol);
  let set = h.get(i);
  if (!set) h.set(i, (set = new Set()));
  set.add(ppKey(p, port));
}

// Port of HostPortInfo.Remove (k8s.io/kube-scheduler/framework/types.go).
export function removeHostPort(h: HostPortInfo, ip: string | undefined, protocol: string | undefined, port: number) {
  if (!(port > 0)) return;
  const [i, p] = sanitize(ip, protocol);
  const set = h.get(i);
  if (!set) return;
  set.delete(ppKey(p, port));
  if (set.size === 0) h.delete(i);
}

/** CheckConflict for a port whose IP and key were sanitized once (getHostPorts). */
export function conflictsWith(h: HostPortInfo, ref: HostPortRef): boolean {
  if (ref.ip === DEFAULT_BIND_ALL_HOST_IP) {
    for (const set of h.values()) if (set.has(ref.key)) return true;
    return false;
  }
  return (h.get(DEFAULT_BIND_ALL_HOST_IP)?.has(ref.key) ?? false) || (h.get(ref.ip)?.has(ref.key) ?? false);
}

// Port of HostPortInfo.CheckConflict (k8s.io/kube-scheduler/framework/types.go).
export function checkHostPortConflict(
  h: HostPortInfo,
  ip: string | undefined,
  protocol: string | undefined,
  port: number,
): boolean {
  if (!(port > 0)) return false;
  const [i, p] = sanitize(ip, protocol);
  const key = ppKey(p, port);
  if (i === DEFAULT_BIND_ALL_HOST_IP) {
    for (const set of h.values()) if (set.has(key)) return true;
    return false;
  }
  return (h.get(DEFAULT_BIND_ALL_HOST_IP)?.has(key) ?? false) || (h.get(i)?.has(key) ?? false);
}

/**
 * Which pod on a node holds a host port that conflicts with `want` (the same rule as CheckConflict), with the
 * address it holds (`pod` is `namespace/name`). For messages only: NodePorts itself reads the node's port set.
 */
export function podHoldingPort(
  pods: readonly PodInfo[],
  want: WantedHostPort,
): { pod: string; hostIP: string } | undefined {
  for (const info of pods) {
    let hostIP: string | undefined;
    forEachHostPort(info.pod, (p) => {
      if (hostIP !== undefined || p.hostPort !== want.hostPort) return;
      const [ip, protocol] = sanitize(p.hostIP, p.protocol);
      if (protocol !== want.protocol) return;
      const anyIP = ip === DEFAULT_BIND_ALL_HOST_IP || want.hostIP === DEFAULT_BIND_ALL_HOST_IP;
      if (anyIP || ip === want.hostIP) hostIP = ip;
    });
    const m = info.pod.metadata;
    if (hostIP !== undefined) return { pod: m?.name ? `${m.namespace ?? 'default'}/${m.name}` : info.key, hostIP };
  }
  return undefined;
}
