// Plain Kubernetes objects as the core sees them (the JSON shape of apps/v1 and core/v1),
// and the plain results the core returns. No behaviour here.
import type { FieldPath } from './fieldPath';
import type { InsightCode, PlacementReasonCode, ValidationReason } from '../codes/index';

// ---------- meta ----------
export interface OwnerReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  creationTimestamp?: string;
  deletionTimestamp?: string;
  resourceVersion?: string;
}

export interface LabelSelectorRequirement {
  key: string;
  operator: string; // In | NotIn | Exists | DoesNotExist (anything else is invalid)
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/** int-or-string as in k8s.io/apimachinery/pkg/util/intstr. */
export type IntOrString = number | string;

// ---------- scheduling ----------
export interface NodeSelectorRequirement {
  key: string;
  operator: string; // In | NotIn | Exists | DoesNotExist | Gt | Lt
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

export interface NodeSelector {
  nodeSelectorTerms: NodeSelectorTerm[];
}

export interface PreferredSchedulingTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

export interface NodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  namespaces?: string[];
  topologyKey: string;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}

export interface WeightedPodAffinityTerm {
  weight: number;
  podAffinityTerm: PodAffinityTerm;
}

export interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

export interface Affinity {
  nodeAffinity?: NodeAffinity;
  podAffinity?: PodAffinity;
  podAntiAffinity?: PodAffinity;
}

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;

export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  operator?: string; // Equal (default) | Exists | Gt | Lt (feature-gated)
  value?: string;
  effect?: TaintEffect; // empty: all effects
  tolerationSeconds?: number | null;
}

// ---------- pods ----------
export interface Container {
  name?: string;
  image?: string;
  [field: string]: unknown;
}

export interface PodSpec {
  nodeName?: string;
  nodeSelector?: Record<string, string>;
  affinity?: Affinity;
  tolerations?: Toleration[];
  hostNetwork?: boolean;
  restartPolicy?: string;
  dnsPolicy?: string;
  schedulerName?: string;
  terminationGracePeriodSeconds?: number;
  priorityClassName?: string;
  containers?: Container[];
  initContainers?: Container[];
  [field: string]: unknown;
}

export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec?: PodSpec;
}

export interface PodCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: PodSpec;
  status?: { phase?: string; conditions?: PodCondition[] };
}

// ---------- DaemonSet ----------
export interface RollingUpdateDaemonSet {
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
}

export interface DaemonSetUpdateStrategy {
  type?: string; // RollingUpdate | OnDelete
  rollingUpdate?: RollingUpdateDaemonSet;
}

export interface DaemonSetSpec {
  selector?: LabelSelector;
  template?: PodTemplateSpec;
  updateStrategy?: DaemonSetUpdateStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
}

export interface DaemonSet {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: DaemonSetSpec;
  status?: Record<string, unknown>;
}

// ---------- nodes: the one model the core reads ----------
export interface NodeCondition {
  type: string; // Ready, MemoryPressure, ...
  status: string; // True | False | Unknown
}

export interface NodeInfo {
  name: string;
  labels: Record<string, string>;
  taints: Taint[];
  unschedulable: boolean;
  conditions: NodeCondition[];
}

// ---------- results ----------
/** field.ErrorType as kube-apiserver reports it in a Status cause's `reason` (server/src/codes/validation.ts). */
export type ErrorReason = ValidationReason;

/** A kube-apiserver validation error (port of field.Error). `message` is what Error() prints. */
export interface FieldError {
  reason: ErrorReason;
  /** Human form of the type: "Required value", "Invalid value", "Unsupported value", ... */
  type: string;
  field: FieldPath;
  badValue?: unknown;
  detail: string;
  message: string;
}

export type Severity = 'error' | 'warning' | 'information';

/** A problem the product reports beyond API validation (stable code, `kce.` prefix). */
export interface Insight {
  code: InsightCode;
  severity: Severity;
  field: FieldPath;
  message: string;
  /** Walkthrough note id that explains it, when one does. */
  note?: string;
}

/** Why a node gets no daemon pod, or why a running one would be evicted (server/src/codes/placement.ts). */
export type ReasonCode = PlacementReasonCode;

export interface PlacementReason {
  code: ReasonCode;
  /** One sentence naming the label/term/taint and the node's actual value. */
  message: string;
  /** The field in the DaemonSet responsible (e.g. `spec.template.spec.nodeSelector[disktype]`). */
  field: FieldPath;
  /** Present for TaintNotTolerated: the taint that no toleration covers. */
  taint?: Taint;
  /** True when the reason also stops an already running pod (NoExecute, nodeName, affinity/selector). */
  evicts?: boolean;
}

export interface NodePlacement {
  node: string;
  shouldRun: boolean;
  shouldContinueRunning: boolean;
  reasons: PlacementReason[];
}
