// The embedded sample cluster, used when no live cluster or nodes file is configured. Kept as full
// Node objects (kubectl's shape) so examples/sample-cluster.yaml can be checked against it.
import type { NodeInfo } from '../../core/types';
import { toNodeInfo } from './nodeModel';

interface SampleSpec {
  name: string;
  zone: string;
  arch?: 'amd64' | 'arm64';
  os?: 'linux' | 'windows';
  type: string;
  extraLabels?: Record<string, string>;
  taints?: { key: string; value?: string; effect: string; timeAdded?: string }[];
  unschedulable?: boolean;
  ready?: 'True' | 'False' | 'Unknown';
}

const SPECS: SampleSpec[] = [
  { name: 'cp-1', zone: 'zone-a', type: 'm5.large', extraLabels: { 'node-role.kubernetes.io/control-plane': '' }, taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] },
  { name: 'cp-2', zone: 'zone-b', type: 'm5.large', extraLabels: { 'node-role.kubernetes.io/control-plane': '' }, taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] },
  { name: 'cp-3', zone: 'zone-c', type: 'm5.large', extraLabels: { 'node-role.kubernetes.io/control-plane': '' }, taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] },
  { name: 'worker-a-1', zone: 'zone-a', type: 'm5.xlarge', extraLabels: { disktype: 'ssd' } },
  { name: 'worker-b-1', zone: 'zone-b', type: 'm5.xlarge' },
  { name: 'worker-c-1', zone: 'zone-c', type: 'm5.xlarge', extraLabels: { disktype: 'hdd' } },
  { name: 'arm-a-1', zone: 'zone-a', type: 'm6g.xlarge', arch: 'arm64' },
  { name: 'arm-b-1', zone: 'zone-b', type: 'm6g.xlarge', arch: 'arm64' },
  { name: 'gpu-a-1', zone: 'zone-a', type: 'g4dn.xlarge', extraLabels: { 'nvidia.com/gpu.present': 'true' }, taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] },
  { name: 'gpu-b-1', zone: 'zone-b', type: 'g4dn.xlarge', extraLabels: { 'nvidia.com/gpu.present': 'true' }, taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] },
  { name: 'infra-c-1', zone: 'zone-c', type: 'r5.large', extraLabels: { dedicated: 'infra' }, taints: [{ key: 'dedicated', value: 'infra', effect: 'NoExecute' }] },
  { name: 'win-a-1', zone: 'zone-a', type: 'm5.xlarge', os: 'windows' },
  { name: 'notready-b-2', zone: 'zone-b', type: 'm5.xlarge', ready: 'False', taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: '2025-01-01T00:05:00Z' }] },
  { name: 'cordoned-c-2', zone: 'zone-c', type: 'm5.xlarge', unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: '2025-01-01T00:06:00Z' }] },
];

function nodeObject(s: SampleSpec): Record<string, unknown> {
  const arch = s.arch ?? 'amd64';
  const os = s.os ?? 'linux';
  const labels: Record<string, string> = {
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
  const ready = s.ready ?? 'True';
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { creationTimestamp: '2025-01-01T00:00:00Z', labels, name: s.name },
    spec,
    status: {
      conditions: [
        { lastTransitionTime: '2025-01-01T00:00:00Z', reason: 'KubeletHasSufficientMemory', status: 'False', type: 'MemoryPressure' },
        { lastTransitionTime: '2025-01-01T00:00:00Z', reason: 'KubeletHasNoDiskPressure', status: 'False', type: 'DiskPressure' },
        ready === 'True'
          ? { lastTransitionTime: '2025-01-01T00:00:00Z', reason: 'KubeletReady', status: 'True', type: 'Ready' }
          : { lastTransitionTime: '2025-01-01T00:05:00Z', reason: 'KubeletNotReady', status: ready, type: 'Ready' },
      ],
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
