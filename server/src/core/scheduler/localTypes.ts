// Temporary stand-in for the shapes of scheduler/types.ts (owned by sched-a, not yet on main): only what the
// InterPodAffinity and PodTopologySpread filters read. Removed once types.ts lands.
import type { FieldPath } from '../fieldPath';
import type { LabelSelector, NodeInfo, ObjectMeta, Pod, PodSpec } from '../types';

export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: string;
  labelSelector?: LabelSelector;
  minDomains?: number;
  nodeAffinityPolicy?: string;
  nodeTaintsPolicy?: string;
  matchLabelKeys?: string[];
}

export interface SchedPodSpec extends PodSpec {
  topologySpreadConstraints?: TopologySpreadConstraint[];
}

export interface SchedPod extends Pod {
  metadata?: ObjectMeta;
  spec?: SchedPodSpec;
}

export type SchedNode = NodeInfo;

export interface PodInfo {
  pod: SchedPod;
}

export interface NodeInfoView {
  readonly node: SchedNode;
  readonly pods: readonly PodInfo[];
  readonly podsWithRequiredAntiAffinity: readonly PodInfo[];
}

export type PluginName = 'PodTopologySpread' | 'InterPodAffinity';
export type FilterCode = 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Error';

export interface FilterResult {
  plugin: PluginName;
  code: FilterCode;
  reasons: string[];
  field?: FieldPath;
}
