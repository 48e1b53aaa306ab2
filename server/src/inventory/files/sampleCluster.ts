// The embedded sample cluster, used when no live cluster or nodes file is configured. Kept as full
// Node objects (kubectl's shape) so examples/sample-cluster.yaml can be checked against it.
// examples/SAMPLE-CLUSTER.md says what each node is there to show. Nodes look the way a v1.35
// cluster shows them: the kubelet's four conditions, the beta os/arch labels the node lifecycle
// controller keeps in step, and for an unhealthy or cordoned node the taints the control plane adds; each reports
// the capacity and allocatable of its instance type. samplePods.ts holds the pods running on them.
import type { Pod } from '../../core/types';
import type { SchedNode, SchedPod } from '../../core/scheduler/types';
import { toNodeInfo } from './nodeModel';
import { toSchedPod } from './podModel';
import { samplePodObjects } from './samplePods';

type ConditionStatus = 'True' | 'False' | 'Unknown';
interface SampleTaint { key: string; value?: string; effect: string; timeAdded?: string }

interface SampleSpec {
  name: string;
  zone: string;
  arch?: 'amd64' | 'arm64';
  os?: 'linux' | 'windows';
  type: string;
  extraLabels?: Record<string, string>;
  taints?: SampleTaint[];
  unschedulable?: boolean;
  /** The Ready condition when it is not True: status, since when, and the kubelet's reason and message. */
  notReady?: { status: Exclude<ConditionStatus, 'True'>; since: string; reason: string; message: string };
}

const CONTROL_PLANE: Pick<SampleSpec, 'extraLabels' | 'taints'> = {
  // kubeadm marks control-plane nodes with the role label, the load-balancer exclusion label and one taint.
  extraLabels: {
    'node-role.kubernetes.io/control-plane': '',
    'node.kubernetes.io/exclude-from-external-load-balancers': '',
  },
  taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
};
const GPU: Pick<SampleSpec, 'extraLabels' | 'taints'> = {
  extraLabels: { 'nvidia.com/gpu.present': 'true' },
  taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }],
};
// Ready=False: the node lifecycle controller adds not-ready:NoSchedule at once (its NoSchedule tainting
// pass) and not-ready:NoExecute a moment later (its rate-limited NoExecute pass); both carry timeAdded.
const NOT_READY_SINCE = '2025-01-01T00:05:00Z';

const SPECS: SampleSpec[] = [
  { name: 'cp-1', zone: 'zone-a', type: 'm5.large', ...CONTROL_PLANE },
  { name: 'cp-2', zone: 'zone-b', type: 'm5.large', ...CONTROL_PLANE },
  { name: 'cp-3', zone: 'zone-c', type: 'm5.large', ...CONTROL_PLANE },
  { name: 'worker-a-1', zone: 'zone-a', type: 'm5.xlarge', extraLabels: { disktype: 'ssd' } },
  { name: 'worker-b-1', zone: 'zone-b', type: 'm5.xlarge' },
  { name: 'worker-c-1', zone: 'zone-c', type: 'm5.xlarge', extraLabels: { disktype: 'hdd' } },
  { name: 'arm-a-1', zone: 'zone-a', type: 'm6g.xlarge', arch: 'arm64' },
  { name: 'arm-b-1', zone: 'zone-b', type: 'm6g.xlarge', arch: 'arm64' },
  { name: 'gpu-a-1', zone: 'zone-a', type: 'g4dn.xlarge', ...GPU },
  { name: 'gpu-b-1', zone: 'zone-b', type: 'g4dn.xlarge', ...GPU },
  {
    name: 'infra-c-1', zone: 'zone-c', type: 'r5.large', extraLabels: { dedicated: 'infra' },
    taints: [{ key: 'dedicated', value: 'infra', effect: 'NoExecute' }],
  },
  {
    name: 'win-a-1', zone: 'zone-a', type: 'm5.xlarge', os: 'windows',
    extraLabels: { 'node.kubernetes.io/windows-build': '10.0.20348' },
  },
  {
    name: 'notready-b-2', zone: 'zone-b', type: 'm5.xlarge',
    notReady: {
      status: 'False', since: NOT_READY_SINCE, reason: 'KubeletNotReady',
      message: 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady',
    },
    taints: [
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule', timeAdded: NOT_READY_SINCE },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: '2025-01-01T00:05:05Z' },
    ],
  },
  {
    // kubectl cordon sets spec.unschedulable; the node lifecycle controller then adds the taint.
    name: 'cordoned-c-2', zone: 'zone-c', type: 'm5.xlarge', unschedulable: true,
    taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: '2025-01-01T00:06:00Z' }],
  },
];

const BOOT = '2025-01-01T00:00:00Z';

// What each instance type reports: capacity, and allocatable after the kubelet's system and eviction reserves
// (figures as managed node groups show them; `pods` is the ENI-based limit, 110 on Windows).
interface TypeResources { capacity: Record<string, string>; allocatable: Record<string, string> }
function instanceType(cpu: number, memKi: number, allocMemKi: number, pods: number, extra: Record<string, string> = {}): TypeResources {
  const common = { 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', ...extra };
  const cpuReserve = cpu > 2 ? 80 : 70;
  return {
    capacity: { cpu: String(cpu), 'ephemeral-storage': '83873772Ki', memory: `${memKi}Ki`, pods: String(pods), ...common },
    allocatable: {
      cpu: `${cpu * 1000 - cpuReserve}m`, 'ephemeral-storage': '76224326324', memory: `${allocMemKi}Ki`, pods: String(pods),
      ...common,
    },
  };
}
const RESOURCES: Record<string, TypeResources> = {
  'm5.large': instanceType(2, 7910348, 7220172, 29),
  'm5.xlarge': instanceType(4, 16093944, 15147768, 58),
  'm6g.xlarge': instanceType(4, 15901208, 14955032, 58),
  'g4dn.xlarge': instanceType(4, 16093944, 15147768, 29, { 'nvidia.com/gpu': '1' }),
  'r5.large': instanceType(2, 15943384, 15253208, 29),
};

function condition(type: string, status: ConditionStatus, reason: string, message: string, since = BOOT) {
  return { lastTransitionTime: since, message, reason, status, type };
}

// The four conditions a v1.35 kubelet reports, with its reasons and messages.
function conditions(s: SampleSpec): Record<string, string>[] {
  return [
    condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
    condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
    condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
    s.notReady
      ? condition('Ready', s.notReady.status, s.notReady.reason, s.notReady.message, s.notReady.since)
      : condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
  ];
}

function nodeObject(s: SampleSpec): Record<string, unknown> {
  const arch = s.arch ?? 'amd64';
  const os = s.os ?? 'linux';
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': arch,
    'beta.kubernetes.io/os': os,
    'kubernetes.io/arch': arch,
    'kubernetes.io/hostname': s.name,
    'kubernetes.io/os': os,
    'node.kubernetes.io/instance-type': s.type,
    'topology.kubernetes.io/region': 'sample-region',
    'topology.kubernetes.io/zone': s.zone,
    ...s.extraLabels,
  };
  const spec: Record<string, unknown> = {};
  if (s.taints) spec.taints = s.taints;
  if (s.unschedulable) spec.unschedulable = true;
  const res = RESOURCES[s.type];
  if (!res) throw new Error(`sample node ${s.name}: no resources for ${s.type}`); // a bug in the data above
  // Windows nodes are not bound by the ENI pod limit.
  const winPods = os === 'windows' ? { pods: '110' } : {};
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { creationTimestamp: BOOT, labels, name: s.name },
    spec,
    status: {
      allocatable: { ...res.allocatable, ...winPods },
      capacity: { ...res.capacity, ...winPods },
      conditions: conditions(s),
      nodeInfo: { architecture: arch, operatingSystem: os, kubeletVersion: 'v1.35.0' },
    },
  };
}

/** The sample cluster as kubectl prints it: `kubectl get nodes,pods -A -o yaml` is one List, nodes first. */
export function sampleClusterList(): Record<string, unknown> {
  const items = [...SPECS.map(nodeObject), ...samplePodObjects()];
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
}

/** The sample cluster's nodes in the core's model, with allocatable (a fresh copy each call). */
export function sampleClusterNodes(): SchedNode[] {
  return SPECS.map((s) => {
    const n = toNodeInfo(nodeObject(s));
    if ('error' in n) throw new Error(`sample node ${s.name}: ${n.error}`); // a bug in the data above
    return n;
  });
}

/** The pods on the sample cluster, whole, as kubectl prints them (a fresh copy each call): what a plan starts from. */
export function sampleClusterWholePods(): Pod[] {
  return samplePodObjects().map((o) => ({ kind: 'Pod', ...o }) as Pod);
}

/** The pods on the sample cluster as the scheduler reads them (of `whole`, else a fresh copy each call). */
export function sampleClusterPods(whole: readonly Pod[] = sampleClusterWholePods()): SchedPod[] {
  return whole.map((o) => {
    const p = toSchedPod(o);
    if ('error' in p) throw new Error(`sample pod: ${p.error}`); // a bug in samplePods.ts
    return p;
  });
}
