// The pods running on the sample cluster, as `kubectl get pods -A -o yaml` prints them (reduced to what scheduling
// reads plus enough to look real: owners, labels, requests, host ports, tolerations, phase and conditions).
// examples/SAMPLE-CLUSTER.md tells their story: worker-a-1 is nearly full (a 500m cpu daemon pod is Pending there),
// worker-c-1 has host port 9100 taken by an orphaned node exporter, and two `web` replicas make the zone spread of
// examples/web-deployment.yaml leave only zone-c. None of them belongs to a DaemonSet of examples/.
import { addOrUpdateDaemonPodTolerations, replaceDaemonSetPodNodeNameNodeAffinity } from '../../core/daemonPod';
import type { PodSpec, Toleration } from '../../core/types';

type Requests = Record<string, string>;
interface SampleContainer {
  name: string;
  image: string;
  requests?: Requests;
  limits?: Requests;
  ports?: { containerPort: number; hostPort?: number; name?: string; protocol?: string }[];
}
type Owner =
  | { kind: 'ReplicaSet'; name: string; hash: string }
  | { kind: 'StatefulSet'; name: string; revision: string }
  | { kind: 'DaemonSet'; name: string; revision: string }
  | { kind: 'Job'; name: string }
  | { kind: 'Node' }
  | { kind: 'none' };
interface SampleWorkload {
  namespace: string;
  /** Pod name prefix (static pods: the component; the node name is appended). */
  name: string;
  owner: Owner;
  labels: Record<string, string>;
  containers: SampleContainer[];
  spec?: Partial<PodSpec> & Record<string, unknown>;
  /** Where its pods run; `phase` defaults to Running. */
  pods: { node: string; phase?: 'Running' | 'Succeeded' }[];
}

const LINUX = ['cp-1', 'cp-2', 'cp-3', 'worker-a-1', 'worker-b-1', 'worker-c-1', 'arm-a-1', 'arm-b-1', 'gpu-a-1',
  'gpu-b-1', 'infra-c-1', 'notready-b-2', 'cordoned-c-2'];
/** Nodes whose kubelet stopped being Ready after the pods started: their pods are marked not Ready. */
const NOT_READY_NODES = new Set(['notready-b-2']);
const CLUSTER_CRITICAL = { priorityClassName: 'system-cluster-critical', priority: 2000000000 };
const NODE_CRITICAL = { priorityClassName: 'system-node-critical', priority: 2000001000 };
const LINUX_ONLY = { nodeSelector: { 'kubernetes.io/os': 'linux' } };
const STARTED = '2025-01-01T00:10:00Z';

const CONTROL_PLANE = (component: string, image: string, requests: Requests): SampleWorkload => ({
  namespace: 'kube-system', name: component, owner: { kind: 'Node' },
  labels: { component, tier: 'control-plane' },
  containers: [{ name: component, image: `registry.k8s.io/${image}`, requests }],
  spec: { hostNetwork: true, ...NODE_CRITICAL, tolerations: [{ effect: 'NoExecute', operator: 'Exists' }] },
  pods: ['cp-1', 'cp-2', 'cp-3'].map((node) => ({ node })),
});

const WORKLOADS: SampleWorkload[] = [
  CONTROL_PLANE('etcd', 'etcd:3.6.5-0', { cpu: '100m', memory: '100Mi' }),
  CONTROL_PLANE('kube-apiserver', 'kube-apiserver:v1.35.0', { cpu: '250m' }),
  CONTROL_PLANE('kube-controller-manager', 'kube-controller-manager:v1.35.0', { cpu: '200m' }),
  CONTROL_PLANE('kube-scheduler', 'kube-scheduler:v1.35.0', { cpu: '100m' }),
  {
    namespace: 'kube-system', name: 'kube-proxy', owner: { kind: 'DaemonSet', name: 'kube-proxy', revision: '6d4b8c7f9' },
    labels: { 'k8s-app': 'kube-proxy' },
    containers: [{ name: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.35.0' }],
    spec: { hostNetwork: true, ...NODE_CRITICAL, ...LINUX_ONLY, tolerations: [{ operator: 'Exists' }] },
    pods: LINUX.map((node) => ({ node })),
  },
  {
    namespace: 'kube-system', name: 'coredns', owner: { kind: 'ReplicaSet', name: 'coredns', hash: '668d6bf9bc' },
    labels: { 'k8s-app': 'kube-dns' },
    containers: [{
      name: 'coredns', image: 'registry.k8s.io/coredns/coredns:v1.12.1',
      requests: { cpu: '100m', memory: '70Mi' }, limits: { memory: '170Mi' },
      ports: [{ containerPort: 53, name: 'dns', protocol: 'UDP' }, { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
        { containerPort: 9153, name: 'metrics', protocol: 'TCP' }],
    }],
    spec: {
      ...CLUSTER_CRITICAL, ...LINUX_ONLY,
      tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' },
        { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }],
      affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: {
        labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] },
        topologyKey: 'kubernetes.io/hostname' } }] } },
    },
    pods: [{ node: 'worker-a-1' }, { node: 'worker-b-1' }],
  },
  {
    namespace: 'kube-system', name: 'metrics-server', owner: { kind: 'ReplicaSet', name: 'metrics-server', hash: '5b8f7d6c4d' },
    labels: { 'k8s-app': 'metrics-server' },
    containers: [{ name: 'metrics-server', image: 'registry.k8s.io/metrics-server/metrics-server:v0.8.0',
      requests: { cpu: '100m', memory: '200Mi' }, ports: [{ containerPort: 10250, name: 'https', protocol: 'TCP' }] }],
    spec: { ...CLUSTER_CRITICAL, ...LINUX_ONLY },
    pods: [{ node: 'worker-b-1' }],
  },
  {
    namespace: 'ingress-nginx', name: 'ingress-nginx-controller',
    owner: { kind: 'ReplicaSet', name: 'ingress-nginx-controller', hash: '7d9c8b5f6' },
    labels: { 'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/name': 'ingress-nginx' },
    containers: [{ name: 'controller', image: 'registry.k8s.io/ingress-nginx/controller:v1.13.3',
      requests: { cpu: '100m', memory: '90Mi' },
      ports: [{ containerPort: 80, name: 'http', protocol: 'TCP' }, { containerPort: 443, name: 'https', protocol: 'TCP' }] }],
    spec: LINUX_ONLY,
    pods: [{ node: 'worker-b-1' }],
  },
  {
    // Two of examples/web-deployment.yaml's replicas: zone-a and zone-b hold one each, zone-c none.
    namespace: 'shop', name: 'web', owner: { kind: 'ReplicaSet', name: 'web', hash: '7c9d8f6b5' },
    labels: { app: 'web' },
    containers: [{ name: 'web', image: 'ghcr.io/example/web:2.4.1', requests: { cpu: '1', memory: '1Gi' },
      limits: { memory: '1Gi' }, ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }] }],
    spec: {
      ...LINUX_ONLY,
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone',
        whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }],
    },
    pods: [{ node: 'worker-a-1' }, { node: 'arm-b-1' }],
  },
  {
    namespace: 'shop', name: 'cart', owner: { kind: 'ReplicaSet', name: 'cart', hash: '5d8c7b9f4' },
    labels: { app: 'cart' },
    containers: [{ name: 'cart', image: 'ghcr.io/example/cart:1.9.0', requests: { cpu: '500m', memory: '512Mi' },
      limits: { memory: '512Mi' }, ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }] }],
    spec: LINUX_ONLY,
    pods: [{ node: 'arm-a-1' }, { node: 'arm-b-1' }],
  },
  {
    namespace: 'shop', name: 'postgres', owner: { kind: 'StatefulSet', name: 'postgres', revision: '6f7c9d8b4' },
    labels: { app: 'postgres' },
    containers: [{ name: 'postgres', image: 'postgres:17.2', requests: { cpu: '2', memory: '8Gi' },
      limits: { cpu: '2', memory: '8Gi' }, ports: [{ containerPort: 5432, name: 'postgres', protocol: 'TCP' }] }],
    spec: { nodeSelector: { disktype: 'ssd' } },
    pods: [{ node: 'worker-a-1' }],
  },
  {
    namespace: 'shop', name: 'redis', owner: { kind: 'StatefulSet', name: 'redis', revision: '84c6b7d9f' },
    labels: { app: 'redis' },
    containers: [{ name: 'redis', image: 'redis:7.4.2', requests: { cpu: '250m', memory: '512Mi' },
      ports: [{ containerPort: 6379, name: 'redis', protocol: 'TCP' }] }],
    spec: LINUX_ONLY,
    pods: [{ node: 'worker-b-1' }],
  },
  {
    // The nightly report: tonight's run still going on worker-a-1; last night's finished (it no longer counts).
    namespace: 'batch', name: 'report-29000160', owner: { kind: 'Job', name: 'report-29000160' },
    labels: { 'job-name': 'report-29000160' },
    containers: [{ name: 'report', image: 'ghcr.io/example/report:3.2.0', requests: { cpu: '500m', memory: '1Gi' } }],
    spec: { ...LINUX_ONLY, restartPolicy: 'Never' },
    pods: [{ node: 'worker-a-1' }],
  },
  {
    namespace: 'batch', name: 'report-28998720', owner: { kind: 'Job', name: 'report-28998720' },
    labels: { 'job-name': 'report-28998720' },
    containers: [{ name: 'report', image: 'ghcr.io/example/report:3.2.0', requests: { cpu: '2', memory: '4Gi' } }],
    spec: { ...LINUX_ONLY, restartPolicy: 'Never' },
    pods: [{ node: 'worker-b-1', phase: 'Succeeded' }],
  },
  {
    namespace: 'monitoring', name: 'prometheus', owner: { kind: 'StatefulSet', name: 'prometheus', revision: '7b5d9c8f6' },
    labels: { 'app.kubernetes.io/name': 'prometheus' },
    containers: [{ name: 'prometheus', image: 'quay.io/prometheus/prometheus:v3.1.0',
      requests: { cpu: '500m', memory: '2Gi' }, ports: [{ containerPort: 9090, name: 'web', protocol: 'TCP' }] }],
    spec: LINUX_ONLY,
    pods: [{ node: 'worker-c-1' }],
  },
  {
    namespace: 'monitoring', name: 'grafana', owner: { kind: 'ReplicaSet', name: 'grafana', hash: '6c9f8d7b5' },
    labels: { 'app.kubernetes.io/name': 'grafana' },
    containers: [{ name: 'grafana', image: 'grafana/grafana:11.4.0', requests: { cpu: '100m', memory: '128Mi' },
      ports: [{ containerPort: 3000, name: 'http', protocol: 'TCP' }] }],
    spec: LINUX_ONLY,
    pods: [{ node: 'worker-c-1' }],
  },
  {
    // Left behind by `kubectl delete daemonset --cascade=orphan` of an older install: no owner any more, and it
    // still holds host port 9100 on worker-c-1 (a hostNetwork pod's ports are host ports).
    namespace: 'kube-prometheus', name: 'prometheus-node-exporter', owner: { kind: 'none' },
    labels: { 'app.kubernetes.io/name': 'prometheus-node-exporter' },
    containers: [{ name: 'node-exporter', image: 'quay.io/prometheus/node-exporter:v1.7.0',
      ports: [{ containerPort: 9100, hostPort: 9100, name: 'metrics', protocol: 'TCP' }] }],
    spec: { hostNetwork: true, ...LINUX_ONLY },
    pods: [{ node: 'worker-c-1' }],
  },
  {
    namespace: 'ml', name: 'train-resnet', owner: { kind: 'Job', name: 'train-resnet' },
    labels: { 'job-name': 'train-resnet' },
    containers: [{ name: 'train', image: 'nvcr.io/nvidia/pytorch:24.12-py3',
      requests: { cpu: '2', memory: '8Gi', 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '1' } }],
    spec: { restartPolicy: 'Never', tolerations: [{ effect: 'NoSchedule', key: 'nvidia.com/gpu', operator: 'Exists' }] },
    pods: [{ node: 'gpu-a-1' }],
  },
  {
    namespace: 'infra', name: 'vault', owner: { kind: 'StatefulSet', name: 'vault', revision: '5f9b7c6d8' },
    labels: { 'app.kubernetes.io/name': 'vault' },
    containers: [{ name: 'vault', image: 'hashicorp/vault:1.18.3', requests: { cpu: '250m', memory: '256Mi' },
      ports: [{ containerPort: 8200, name: 'http', protocol: 'TCP' }] }],
    spec: {
      nodeSelector: { dedicated: 'infra' },
      tolerations: [{ effect: 'NoExecute', key: 'dedicated', operator: 'Equal', value: 'infra' }],
    },
    pods: [{ node: 'infra-c-1' }],
  },
  {
    namespace: 'legacy', name: 'iis-web', owner: { kind: 'ReplicaSet', name: 'iis-web', hash: '59d7c8b6f' },
    labels: { app: 'iis-web' },
    containers: [{ name: 'iis', image: 'mcr.microsoft.com/windows/servercore/iis:windowsservercore-ltsc2022',
      requests: { cpu: '500m', memory: '1Gi' }, ports: [{ containerPort: 80, name: 'http', protocol: 'TCP' }] }],
    spec: { nodeSelector: { 'kubernetes.io/os': 'windows' } },
    pods: [{ node: 'win-a-1' }],
  },
];

// Deterministic names and uids, so the file and the embedded copy stay identical.
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789'; // the generator of k8s.io/apimachinery/pkg/util/rand
function suffix(seed: string): string {
  let h = hash(seed);
  let out = '';
  for (let i = 0; i < 5; i++) {
    out += ALPHANUMS[h % ALPHANUMS.length];
    h = (Math.floor(h / ALPHANUMS.length) ^ hash(out)) >>> 0;
  }
  return out;
}
function uid(seed: string): string {
  const hex = [0, 1, 2, 3].map((i) => hash(`${seed}#${i}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// The API server's DefaultTolerationSeconds admission: every pod without its own not-ready/unreachable toleration.
const DEFAULT_TOLERATIONS: Toleration[] = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'].map((key) => ({
  effect: 'NoExecute', key, operator: 'Exists', tolerationSeconds: 300,
}));

function qosClass(cs: SampleContainer[]): string {
  const guaranteed = cs.every((c) => ['cpu', 'memory'].every((r) => c.limits?.[r] && c.limits[r] === c.requests?.[r]));
  if (guaranteed) return 'Guaranteed';
  return cs.some((c) => c.requests || c.limits) ? 'Burstable' : 'BestEffort';
}

function conditions(phase: string, ready: boolean): Record<string, string>[] {
  const c = (type: string, status: boolean, reason?: string) => ({
    lastTransitionTime: STARTED, ...(reason ? { reason } : {}), status: status ? 'True' : 'False', type,
  });
  if (phase === 'Succeeded') {
    return [c('PodReadyToStartContainers', false), c('Initialized', true, 'PodCompleted'), c('Ready', false, 'PodCompleted'),
      c('ContainersReady', false, 'PodCompleted'), c('PodScheduled', true)];
  }
  return [c('PodReadyToStartContainers', true), c('Initialized', true), c('Ready', ready), c('ContainersReady', true),
    c('PodScheduled', true)];
}

function names(w: SampleWorkload, node: string, i: number): { name: string; generateName?: string; labels: Record<string, string>; owner?: Record<string, unknown> } {
  const o = w.owner;
  const ref = (kind: string, apiVersion: string, name: string) => ({
    apiVersion, blockOwnerDeletion: true, controller: true, kind, name, uid: uid(`${w.namespace}/${kind}/${name}`),
  });
  switch (o.kind) {
    case 'ReplicaSet': {
      const rs = `${o.name}-${o.hash}`;
      return { name: `${rs}-${suffix(`${rs}/${i}`)}`, generateName: `${rs}-`, owner: ref('ReplicaSet', 'apps/v1', rs),
        labels: { ...w.labels, 'pod-template-hash': o.hash } };
    }
    case 'StatefulSet':
      return { name: `${o.name}-${i}`, owner: ref('StatefulSet', 'apps/v1', o.name), labels: { ...w.labels,
        'apps.kubernetes.io/pod-index': String(i), 'controller-revision-hash': `${o.name}-${o.revision}`,
        'statefulset.kubernetes.io/pod-name': `${o.name}-${i}` } };
    case 'DaemonSet':
      return { name: `${o.name}-${suffix(`${o.name}/${node}`)}`, generateName: `${o.name}-`,
        owner: ref('DaemonSet', 'apps/v1', o.name),
        labels: { ...w.labels, 'controller-revision-hash': o.revision, 'pod-template-generation': '1' } };
    case 'Job':
      return { name: `${o.name}-${suffix(`${o.name}/${i}`)}`, generateName: `${o.name}-`, owner: ref('Job', 'batch/v1', o.name),
        labels: { ...w.labels, 'batch.kubernetes.io/job-name': o.name } };
    case 'Node':
      return { name: `${w.name}-${node}`, labels: w.labels,
        owner: { apiVersion: 'v1', controller: true, kind: 'Node', name: node, uid: uid(`node/${node}`) } };
    default:
      return { name: `${w.name}-${suffix(`${w.name}/${node}`)}`, generateName: `${w.name}-`, labels: w.labels };
  }
}

function podObject(w: SampleWorkload, node: string, phase: string, i: number): Record<string, unknown> {
  const n = names(w, node, i);
  const spec: PodSpec & Record<string, unknown> = {
    containers: w.containers.map((c) => ({
      image: c.image, name: c.name,
      ...(c.ports ? { ports: c.ports.map((p) => (w.spec?.hostNetwork ? { hostPort: p.containerPort, ...p } : p)) } : {}),
      resources: { ...(c.limits ? { limits: c.limits } : {}), ...(c.requests ? { requests: c.requests } : {}) },
    })),
    ...w.spec,
    nodeName: node,
    priority: w.spec?.priority ?? 0,
    restartPolicy: w.spec?.restartPolicy ?? 'Always',
    schedulerName: 'default-scheduler',
  };
  if (w.owner.kind === 'DaemonSet') {
    // What the DaemonSet controller adds to each pod it creates (NewPod).
    spec.affinity = replaceDaemonSetPodNodeNameNodeAffinity(spec.affinity, node);
    addOrUpdateDaemonPodTolerations(spec);
  } else if (w.owner.kind !== 'Node') {
    spec.tolerations = [...(spec.tolerations ?? []), ...DEFAULT_TOLERATIONS];
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      creationTimestamp: STARTED, ...(n.generateName ? { generateName: n.generateName } : {}), labels: n.labels,
      name: n.name, namespace: w.namespace, ...(n.owner ? { ownerReferences: [n.owner] } : {}),
      uid: uid(`${w.namespace}/${n.name}`),
    },
    spec,
    status: {
      conditions: conditions(phase, !NOT_READY_NODES.has(node)), phase, qosClass: qosClass(w.containers), startTime: STARTED,
    },
  };
}

/** The sample cluster's running (and one finished) pods as kubectl prints them, sorted by namespace and name. */
export function samplePodObjects(): Record<string, unknown>[] {
  const pods: Record<string, unknown>[] = [];
  for (const w of WORKLOADS) w.pods.forEach((p, i) => pods.push(podObject(w, p.node, p.phase ?? 'Running', i)));
  const key = (p: Record<string, unknown>) => {
    const m = p.metadata as { namespace: string; name: string };
    return `${m.namespace}/${m.name}`;
  };
  return pods.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
