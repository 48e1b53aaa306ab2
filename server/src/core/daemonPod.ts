// The pod the DaemonSet controller builds for a node (NewPod) and the helpers of
// pkg/controller/daemon/util that shape it: automatic tolerations and the node-name affinity.
import type { Affinity, DaemonSet, NodeSelector, NodeSelectorRequirement, Pod, PodSpec, Toleration } from './types';
import { OBJECT_NAME_FIELD } from './nodeAffinity';

// Well-known taint keys (k8s.io/api/core/v1 well_known_taints.go).
export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_NODE_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_NODE_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_NODE_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';
export const TAINT_NODE_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';

/** The tolerations every daemon pod gets, in the order AddOrUpdateDaemonPodTolerations applies them. */
export const DAEMON_POD_TOLERATIONS: readonly Readonly<Toleration>[] = Object.freeze([
  Object.freeze({ key: TAINT_NODE_NOT_READY, operator: 'Exists', effect: 'NoExecute' }),
  Object.freeze({ key: TAINT_NODE_UNREACHABLE, operator: 'Exists', effect: 'NoExecute' }),
  Object.freeze({ key: TAINT_NODE_DISK_PRESSURE, operator: 'Exists', effect: 'NoSchedule' }),
  Object.freeze({ key: TAINT_NODE_MEMORY_PRESSURE, operator: 'Exists', effect: 'NoSchedule' }),
  Object.freeze({ key: TAINT_NODE_PID_PRESSURE, operator: 'Exists', effect: 'NoSchedule' }),
  Object.freeze({ key: TAINT_NODE_UNSCHEDULABLE, operator: 'Exists', effect: 'NoSchedule' }),
]);

/** Added only to pods with hostNetwork: true. */
export const HOST_NETWORK_DAEMON_TOLERATION: Readonly<Toleration> = Object.freeze({
  key: TAINT_NODE_NETWORK_UNAVAILABLE,
  operator: 'Exists',
  effect: 'NoSchedule',
});

// Port of Toleration.MatchToleration (staging/src/k8s.io/api/core/v1/toleration.go).
export function matchToleration(a: Toleration, b: Toleration): boolean {
  return (a.key ?? '') === (b.key ?? '') && (a.effect ?? '') === (b.effect ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '');
}

// Port of AddOrUpdateTolerationInPodSpec (pkg/apis/core/v1/helper/helpers.go).
// Upstream compares a *Toleration with a Toleration through Semantic.DeepEqual, which never holds
// for different types, so every toleration with the same key/effect/operator/value is replaced in place.
export function addOrUpdateTolerationInPodSpec(spec: PodSpec, toleration: Readonly<Toleration>): boolean {
  const next: Toleration[] = [];
  let updated = false;
  for (const existing of spec.tolerations ?? []) {
    if (matchToleration(toleration, existing)) {
      next.push({ ...toleration });
      updated = true;
    } else {
      next.push(existing);
    }
  }
  if (!updated) next.push({ ...toleration });
  spec.tolerations = next;
  return true;
}

// Port of AddOrUpdateDaemonPodTolerations (pkg/controller/daemon/util/daemonset_util.go).
export function addOrUpdateDaemonPodTolerations(spec: PodSpec): void {
  for (const t of DAEMON_POD_TOLERATIONS) addOrUpdateTolerationInPodSpec(spec, t);
  if (spec.hostNetwork) addOrUpdateTolerationInPodSpec(spec, HOST_NETWORK_DAEMON_TOLERATION);
}

// Port of NewPod (pkg/controller/daemon/daemon_controller.go).
// Shallow copies like the Go struct copy: nested objects are shared with the template, the toleration list is new.
export function newPod(ds: DaemonSet, nodeName: string): Pod {
  const template = ds.spec?.template;
  const spec: PodSpec = { ...(template?.spec ?? {}) };
  const metadata = { ...(template?.metadata ?? {}) };
  if (ds.metadata?.namespace !== undefined) metadata.namespace = ds.metadata.namespace;
  else delete metadata.namespace;
  spec.nodeName = nodeName;
  addOrUpdateDaemonPodTolerations(spec);
  return { metadata, spec };
}

// Port of ReplaceDaemonSetPodNodeNameNodeAffinity (pkg/controller/daemon/util/daemonset_util.go).
// Mutates and returns `affinity` (or a new one when undefined), as upstream does.
export function replaceDaemonSetPodNodeNameNodeAffinity(affinity: Affinity | undefined | null, nodeName: string): Affinity {
  const requirement: NodeSelectorRequirement = { key: OBJECT_NAME_FIELD, operator: 'In', values: [nodeName] };
  const nodeSelector: NodeSelector = { nodeSelectorTerms: [{ matchFields: [requirement] }] };
  if (!affinity) return { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: nodeSelector } };
  if (!affinity.nodeAffinity) {
    affinity.nodeAffinity = { requiredDuringSchedulingIgnoredDuringExecution: nodeSelector };
    return affinity;
  }
  const na = affinity.nodeAffinity;
  if (!na.requiredDuringSchedulingIgnoredDuringExecution) {
    na.requiredDuringSchedulingIgnoredDuringExecution = nodeSelector;
    return affinity;
  }
  na.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms = [{ matchFields: [requirement] }];
  return affinity;
}

export type TargetNodeName = { nodeName: string; error?: undefined } | { nodeName?: undefined; error: string };

// Port of GetTargetNodeName (pkg/controller/daemon/util/daemonset_util.go).
export function getTargetNodeName(pod: Pod): TargetNodeName {
  const nodeName = pod.spec?.nodeName ?? '';
  if (nodeName.length !== 0) return { nodeName };
  const who = `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return { error: `no spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution for pod ${who}` };
  const terms = required.nodeSelectorTerms ?? [];
  if (terms.length < 1) return { error: `no nodeSelectorTerms in requiredDuringSchedulingIgnoredDuringExecution of pod ${who}` };
  for (const term of terms) {
    for (const exp of term?.matchFields ?? []) {
      if (exp.key === OBJECT_NAME_FIELD && exp.operator === 'In') {
        const values = exp.values ?? [];
        if (values.length !== 1) return { error: `the matchFields value of '${OBJECT_NAME_FIELD}' is not unique for pod ${who}` };
        return { nodeName: values[0] as string };
      }
    }
  }
  return { error: `no node name found for pod ${who}` };
}

// Port of CreatePodTemplate (pkg/controller/daemon/util/daemonset_util.go).
// The pods syncNodes creates: the template with the daemon tolerations, in the DaemonSet's namespace. The
// controller-revision-hash and template-generation labels are only known in a cluster, so they are left out.
export function createPodTemplate(ds: DaemonSet): { metadata: NonNullable<Pod['metadata']>; spec: PodSpec } {
  const template = ds.spec?.template;
  const spec: PodSpec = { ...(template?.spec ?? {}) };
  const metadata = { ...(template?.metadata ?? {}), labels: { ...(template?.metadata?.labels ?? {}) } };
  // CreatePods puts the pod in the DaemonSet's namespace.
  if (ds.metadata?.namespace !== undefined) metadata.namespace = ds.metadata.namespace;
  else delete metadata.namespace;
  addOrUpdateDaemonPodTolerations(spec);
  return { metadata, spec };
}
