// What the scheduler's Filter plugins read and return: the core/v1 pod and node fields they use (extending the
// core's own types), the per-node view the scheduler keeps (framework.NodeInfo), and a plugin verdict.
// No behaviour here; nodeInfo.ts builds the per-node view, the plugin files evaluate it.
import type { FieldPath } from '../fieldPath';
import type { Container, LabelSelector, NodeInfo, ObjectMeta, Pod, PodCondition, PodSpec } from '../types';

// ---------- pods: the fields the scheduler reads ----------

/** core/v1 ResourceList: quantities as written in YAML/JSON (strings like `500m`, or plain numbers). */
export type ResourceList = Record<string, string | number>;

export interface ResourceClaim {
  name: string;
  request?: string;
}

export interface ResourceRequirements {
  requests?: ResourceList;
  limits?: ResourceList;
  claims?: ResourceClaim[];
}

export interface ContainerPort {
  name?: string;
  containerPort: number;
  hostPort?: number;
  /** TCP (default) | UDP | SCTP. */
  protocol?: string;
  hostIP?: string;
}

export interface SchedContainer extends Container {
  resources?: ResourceRequirements;
  ports?: ContainerPort[];
  /** Only on init containers: `Always` makes it a restartable (sidecar) init container. */
  restartPolicy?: string;
}

export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  /** DoNotSchedule | ScheduleAnyway. */
  whenUnsatisfiable: string;
  labelSelector?: LabelSelector;
  minDomains?: number;
  /** Honor (default) | Ignore. */
  nodeAffinityPolicy?: string;
  /** Honor | Ignore (default). */
  nodeTaintsPolicy?: string;
  matchLabelKeys?: string[];
}

export interface SchedPodSpec extends PodSpec {
  containers?: SchedContainer[];
  initContainers?: SchedContainer[];
  /** RuntimeClass overhead, added to the pod's requests. */
  overhead?: ResourceList;
  /** Pod-level resources (PodLevelResources gate). */
  resources?: ResourceRequirements;
  topologySpreadConstraints?: TopologySpreadConstraint[];
  priority?: number;
}

/** A container's status, for the resources of a pod being resized in place (InPlacePodVerticalScaling). */
export interface SchedContainerStatus {
  name: string;
  allocatedResources?: ResourceList;
  resources?: ResourceRequirements;
}

export interface SchedPodStatus {
  phase?: string;
  conditions?: PodCondition[];
  /** Deprecated resize status (`Proposed`, `InProgress`, `Deferred`, `Infeasible`). */
  resize?: string;
  containerStatuses?: SchedContainerStatus[];
  initContainerStatuses?: SchedContainerStatus[];
  /** Pod-level resources as the kubelet applied them. */
  resources?: ResourceRequirements;
  /** Pod-level resources allocated to a pod resized in place. */
  allocatedResources?: ResourceList;
  [field: string]: unknown;
}

/** A pod as the scheduler sees it: the pod to place, or one already bound to a node. */
export interface SchedPod extends Pod {
  metadata?: ObjectMeta;
  spec?: SchedPodSpec;
  status?: SchedPodStatus;
}

// ---------- nodes ----------

/** A node with what the resource filter needs on top of the core's node model. */
export interface SchedNode extends NodeInfo {
  /** status.allocatable as written (`cpu: "4"`, `memory: 16Gi`, `pods: "110"`); absent means nothing is allocatable. */
  allocatable?: ResourceList;
}

// ---------- the scheduler's per-node view (framework.NodeInfo) ----------

/**
 * framework.Resource: CPU in millicores, memory and ephemeral storage in bytes, the pod limit, and every other
 * resource (extended, hugepages, attachable volumes) by name. Upstream holds int64; numbers here are exact up to
 * 2^53 (8 PiB of memory), which real nodes stay far below.
 */
export interface Resource {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  allowedPodNumber: number;
  scalarResources: Map<string, number>;
}

/** framework.PodResource: a pod's requests, plus CPU/memory with the scoring defaults for zero requests. */
export interface PodResource {
  resource: Resource;
  non0CPU: number;
  non0Mem: number;
}

/** framework.HostPortInfo: host IP → set of `protocol/port` keys (`TCP/8080`). */
export type HostPortInfo = Map<string, Set<string>>;

/** A pod on a node, with what the scheduler precomputes about it once. */
export interface PodInfo {
  pod: SchedPod;
  /** `namespace/name` (or uid when it has no name): identifies it for removal. */
  key: string;
  /** Its requests as NodeInfo accounts them (framework.PodInfo.CalculateResource). */
  res: PodResource;
}

/** framework.NodeInfo as read by Filter plugins: the node, the pods on it, and their aggregate usage. */
export interface NodeInfoView {
  readonly node: SchedNode;
  readonly pods: readonly PodInfo[];
  /** Pods on the node with any (anti-)affinity, required or preferred. */
  readonly podsWithAffinity: readonly PodInfo[];
  /** Pods on the node with required anti-affinity terms. */
  readonly podsWithRequiredAntiAffinity: readonly PodInfo[];
  readonly usedPorts: HostPortInfo;
  readonly requested: Resource;
  readonly nonZeroRequested: Resource;
  readonly allocatable: Resource;
}

// ---------- verdicts ----------

/** The upstream plugin names, as the default profile registers them. */
export type PluginName =
  | 'NodeUnschedulable'
  | 'NodeName'
  | 'TaintToleration'
  | 'NodeAffinity'
  | 'NodePorts'
  | 'NodeResourcesFit'
  | 'PodTopologySpread'
  | 'InterPodAffinity';

/** fwk.Code of a non-success status. */
export type FilterCode = 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Error';

/**
 * One plugin's rejection of one node (a non-success fwk.Status). `reasons` are the plugin's reason strings exactly
 * as upstream returns them; `field` names the pod field responsible, when one is.
 */
export interface FilterResult extends FilterResultDetails {
  plugin: PluginName;
  code: FilterCode;
  reasons: string[];
  field?: FieldPath;
}

/** What a NodeResourcesFit rejection is about (fit.go InsufficientResource), for messages beyond the reason. */
export interface InsufficientResource {
  resourceName: string;
  reason: string;
  requested: number;
  used: number;
  capacity: number;
  /** The pod asks more than the whole node has: no preemption helps. */
  unresolvable: boolean;
}

/** The pod's host port a NodePorts rejection is about (sanitized: no hostIP is 0.0.0.0, no protocol is TCP). */
export interface WantedHostPort {
  hostIP: string;
  protocol: string;
  hostPort: number;
}

export interface FilterResultDetails {
  insufficient?: InsufficientResource[];
  /** NodePorts: the first of the pod's host ports already taken on the node. */
  hostPort?: WantedHostPort;
}

// ---------- running the plugins ----------

export interface FilterOptions {
  /** Where the pod spec sits in the user's document, for `field` (`spec`, `spec.template.spec`). Default `spec`. */
  specPath?: FieldPath;
  /** SidecarContainers (GA, on). */
  enableSidecarContainers?: boolean;
  /** PodLevelResources (beta, on in v1.35). */
  enablePodLevelResources?: boolean;
  /** TaintTolerationComparisonOperators (alpha in v1.35, off). */
  enableTaintTolerationComparisonOperators?: boolean;
  /** NodeResourcesFitArgs.ignoredResources / ignoredResourceGroups (empty in the default profile). */
  ignoredResources?: readonly string[];
  ignoredResourceGroups?: readonly string[];
  /** Run every plugin on a node instead of stopping at the first rejection as the scheduler does. */
  allFailures?: boolean;
  /**
   * The pod is a DaemonSet's template: on each node it is evaluated as the daemon pod the controller creates for
   * that node, whose node affinity is pinned to the node's name (ReplaceDaemonSetPodNodeNameNodeAffinity).
   */
  daemonPinnedToNode?: boolean;
  /** Plugins to run, in this order; default: the default profile's filter order. */
  plugins?: readonly PluginName[];
  /** Where the pod's labels sit in the user's document (InterPodAffinity fields). Default `metadata.labels`. */
  labelsPath?: FieldPath;
  /** Namespace name → labels, for namespaceSelector terms; undefined when the inventory has no namespaces. */
  namespaces?: ReadonlyMap<string, Record<string, string>>;
}

/** Options with defaults applied, as plugins read them. */
export interface CycleContext {
  specPath: FieldPath;
  enableSidecarContainers: boolean;
  enablePodLevelResources: boolean;
  enableTaintTolerationComparisonOperators: boolean;
  ignoredResources: ReadonlySet<string>;
  ignoredResourceGroups: ReadonlySet<string>;
  daemonPinnedToNode: boolean;
  labelsPath: FieldPath;
  namespaces?: ReadonlyMap<string, Record<string, string>>;
}

/** PreFilter's answer: skip the plugin, reject the pod everywhere, or carry state (optionally narrowing nodes). */
export type PreFilterOutcome<S> =
  | { kind: 'skip' }
  | { kind: 'reject'; result: FilterResult }
  | { kind: 'state'; state: S; nodeNames?: ReadonlySet<string> };

/** A Filter plugin: PreFilter once per pod (over all nodes), then Filter per node. */
export interface FilterPlugin<S = unknown> {
  readonly name: PluginName;
  preFilter(pod: SchedPod, ctx: CycleContext, nodes: readonly NodeInfoView[]): PreFilterOutcome<S>;
  /** null when the node passes. */
  filter(state: S, pod: SchedPod, node: NodeInfoView, ctx: CycleContext): FilterResult | null;
}
