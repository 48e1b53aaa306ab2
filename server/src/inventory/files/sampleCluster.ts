// The embedded sample cluster, used when no live cluster or nodes file is configured. Kept as full
// Node objects (kubectl's shape) so examples/sample-cluster.yaml can be checked against it.
// examples/SAMPLE-CLUSTER.md says what each node is there to show. Nodes look the way a v1.35
// cluster shows them: the kubelet's four conditions, the beta os/arch labels the node lifecycle
// controller keeps in step, and for an unhealthy or cordoned node the taints the control plane adds.
import type { NodeInfo } from '../../core/types';
import { toNodeInfo } from './nodeModel';

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
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { creationTimestamp: BOOT, labels, name: s.name },
    spec,
    status: {
      conditions: conditions(s),
      nodeInfo: { architecture: arch, operatingSystem: os, kubeletVersion: 'v1.35.0' },
    },
  };
}

/** The sample cluster as kubectl prints it (`kubectl get nodes -o yaml` is a List). */
export function sampleClusterList(): Record<string, unknown> {
  return { apiVersion: 'v1', items: SPECS.map(nodeObject), kind: 'List', metadata: { resourceVersion: '' } };
}

/** The sample cluster's nodes in the core's model (a fresh copy each call). */
export function sampleClusterNodes(): NodeInfo[] {
  return SPECS.map((s) => {
    const n = toNodeInfo(nodeObject(s));
    if ('error' in n) throw new Error(`sample node ${s.name}: ${n.error}`); // a bug in the data above
    return n;
  });
}
