// Custom LSP requests and notifications of the kce language server, declared once.
// The client imports this file and nothing else from the server: it depends only on the protocol package.
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { Range } from 'vscode-languageserver-protocol';
import type { DeleteCode, PlacementReasonCode, SchedulerReasonCode } from './codes/index';
import type { NodeEventOf } from './analysis/nodeEvent';
import type { RolloutResult as RolloutResultShape, RolloutRoundResult } from './analysis/results';
import type { ContextSummary } from './cluster/kubeconfig';

// ---------- shared shapes (plain JSON; ranges are LSP ranges) ----------

export interface TaintDto { key: string; value?: string; effect: string }

export interface NodeDto {
  name: string;
  labels: Record<string, string>;
  taints: TaintDto[];
  unschedulable: boolean;
  conditions: { type: string; status: string }[];
  /** `status.allocatable` as the inventory gives it (`cpu: 3920m`, `pods: "58"`); absent when the node lists none. */
  allocatable?: Record<string, string>;
  /**
   * What the pods on the node request, summed as the scheduler's per-node state does (cpu, memory,
   * ephemeral-storage and extended resources, in the units a user writes: `1500m`, `2.5Gi`); for display.
   */
  requested?: Record<string, string>;
  /** Allocatable minus requested, per resource the node lists (never below 0; `pods`: slots left); for display. */
  free?: Record<string, string>;
  /** Pods bound to the node and not finished, in the scheduler's state. */
  pods?: number;
}

/**
 * Which DaemonSet of a file: the YAML document index (0-based, `---` separated) and, in a `kind: List` document
 * (what `kubectl get ds -A -o yaml` prints), the item's index in `items` (without it: the List's first item).
 */
export interface DocumentRef { uri: string; documentIndex: number; item?: number }

export interface PlacementReasonDto {
  code: PlacementReasonCode;
  message: string;
  /** Kubernetes field path of the DaemonSet field responsible. */
  field: string;
  /** Where that field is in the document, when it is written there. */
  range?: Range;
  taint?: TaintDto;
  evicts?: boolean;
}

/** One node of a placement; names as in `kce simulate --format json`. */
export interface PlacementNodeDto {
  name: string;
  shouldRun: boolean;
  shouldContinueRunning: boolean;
  reasons: PlacementReasonDto[];
  /** The scheduler's Filter verdict for the daemon pod; only where the controller creates one. */
  scheduler?: SchedulerVerdictDto;
}

/** One scheduler reason: the upstream plugin, its reason string, the pod field responsible (located). */
export interface SchedulerReasonDto {
  plugin: SchedulerReasonCode;
  /** The registry code of this exact reason string (`InterPodAffinity.ExistingAntiAffinity`…), when known. */
  code?: SchedulerReasonCode;
  message: string;
  field: string;
  /** NodeResourcesFit's numbers (`requests 500m, 200m free of 4`); NodePorts' port (`0.0.0.0:9100/TCP in use by …`). */
  detail?: string;
  range?: Range;
}

export interface SchedulerVerdictDto {
  feasible: boolean;
  reasons: SchedulerReasonDto[];
  /** The node lists no allocatable: resources were not checked there. */
  allocatableUnknown?: true;
}

export interface PlacementCountsDto {
  nodes: number;
  shouldRun: number;
  shouldContinueRunning: number;
  /** Of the shouldRun nodes, those where the daemon pod would stay Pending (the scheduler's Filter stage). */
  pending?: number;
  /** Of the shouldRun nodes, those without allocatable (resources not checked). */
  allocatableUnknown?: number;
}

/** Why the inventory in use is not (or not fully) the one the settings asked for. */
export type InventoryProblemKind =
  | 'untrusted' // source `cluster` in a workspace the client did not mark trusted: no kubeconfig is read
  | 'unavailable' // no live-cluster support in this server build
  | 'fileNotSet' // source `file` without kce.inventory.file
  | 'fileUnreadable' // the nodes file is missing or cannot be read
  | 'fileInvalid' // the nodes file was read but holds problems (bad items, no nodes)
  | 'workspaceScan' // source `auto`: workspace files skipped or the scan stopped at a budget
  | 'kubeconfig' // no kubeconfig, a broken one, or an unknown context
  | 'unreachable' // the API server did not answer (network, timeout)
  | 'tls' // the TLS handshake failed
  | 'unauthorized' // 401: the credentials were refused
  | 'forbidden' // 403: not allowed to list or watch nodes
  | 'clusterError' // any other answer of the API server
  | 'loadFailed'; // the loader itself failed

export interface InventoryProblem {
  kind: InventoryProblemKind;
  /** A few words for labels: `cluster test unreachable`, `workspace not trusted`. */
  summary: string;
  /** The whole message (never a credential). */
  message: string;
}

/** One inventory as the settings name it (requested) or as the server loaded it (in use). */
export interface InventoryRef {
  /** `auto`, `sample`, `file`, `cluster`. */
  source: string;
  /** A file path or a kube context name. */
  detail?: string;
  /** Human name: `sample cluster`, `nodes.yaml`, `cluster test`. */
  label: string;
}

export interface InventoryInfo {
  /** `sample`, `file`, `workspace`, `cluster`… as the inventory loader names it. */
  source: string;
  /** What the settings asked for (always set by the server). */
  requested?: InventoryRef;
  /** What the nodes actually come from (always set by the server). */
  inUse?: InventoryRef;
  /** Why the inventory in use differs from the requested one, or is degraded (stale, file with errors). */
  problem?: InventoryProblem;
  /** The inventory in use and the reason, for status bars and hovers: `sample cluster (cluster test unreachable)`. */
  label?: string;
  /** Human detail: a file path, a context name. */
  detail?: string;
  count: number;
  /** Set when the requested source could not be loaded (the server fell back). */
  error?: string;
  /** Live cluster: `cluster: <context> · N nodes · live`, or with a stale mark, or the error. */
  status?: string;
  /** Live cluster: the nodes are the last good ones, not current. */
  stale?: boolean;
}

export interface ListContextsParams {
  /** An explicit kubeconfig path (default: KUBECONFIG merged as kubectl does, else ~/.kube/config). */
  kubeconfig?: string;
}

/** A kubeconfig context for a picker: never a credential (the shape cluster/kubeconfig.ts lists). */
export type KubeContextDto = ContextSummary;

export interface ListContextsResult {
  contexts: KubeContextDto[];
  current: string;
  /** The kubeconfig files read. */
  files: string[];
  /** No kubeconfig, a broken one, or an untrusted workspace. */
  error?: string;
}

export interface SimulatePlacementResult {
  uri: string;
  documentIndex: number;
  /** The List item, when the request named one. */
  item?: number;
  name?: string;
  namespace?: string;
  /** Range of the whole YAML document. */
  range: Range;
  inventory: InventoryInfo;
  summary: PlacementCountsDto;
  nodes: PlacementNodeDto[];
}

export interface PlanParams extends DocumentRef {
  /** Upper bound of creations per sync, as the controller's BurstReplicas (default 250). */
  burstReplicas?: number;
}

/** The controller's next sync; names as in `kce plan --format json`. */
export interface PlanResult {
  uri: string;
  documentIndex: number;
  /** The List item, when the request named one. */
  item?: number;
  /** Nodes that get a new daemon pod, in order; `batches` splits them into slow-start batches. */
  nodesNeedingDaemonPods: string[];
  /** Pods the controller deletes, with the node and why. */
  podsToDelete: { pod: string; node: string; code: DeleteCode; reason: string }[];
  /** Slow-start batch sizes: 1, 2, 4, … */
  batches: number[];
  notes: string[];
}

export interface RolloutParams extends DocumentRef {
  /** Overrides of the strategy's values (int or percentage string). */
  maxSurge?: number | string;
  maxUnavailable?: number | string;
}

/** One round: `index` (from 0), `create`, `delete`, `surge`, `unavailable`, `note` (analysis/results.ts). */
export type RolloutRound = RolloutRoundResult;

/** Rolling-update rounds; names as in `kce rollout --format json` (the shape of analysis/results.ts, located). */
export interface RolloutResult extends RolloutResultShape {
  uri: string;
  documentIndex: number;
  /** The List item, when the request named one. */
  item?: number;
}

/** A what-if change of one node (analysis/nodeEvent.ts applies it). */
export type NodeEvent = NodeEventOf<NodeDto>;

export interface NodeEventParams extends DocumentRef { event: NodeEvent }

export interface PlacementChange {
  name: string;
  before?: { shouldRun: boolean; shouldContinueRunning: boolean };
  after?: { shouldRun: boolean; shouldContinueRunning: boolean };
  reasons: PlacementReasonDto[];
}

export interface NodeEventResult {
  uri: string;
  documentIndex: number;
  /** The List item, when the request named one. */
  item?: number;
  before: PlacementNodeDto[];
  after: PlacementNodeDto[];
  /** Only the nodes whose placement changed. */
  changes: PlacementChange[];
  /** What the controller would do after the event: nodes that get a pod, nodes whose pod is deleted. */
  actions: { create: string[]; delete: string[] };
}

export interface InventoryParams {
  uri?: string;
  /** `false`: the summary alone, `nodes` empty (a 15,000-node inventory's node list is about 13 MB). Default true. */
  nodes?: boolean;
}
export interface InventoryResult extends InventoryInfo { nodes: NodeDto[] }

// ---------- the requests, one line each ----------

export const simulatePlacement = new RequestType<DocumentRef, SimulatePlacementResult | null, void>('kce/simulatePlacement');
export const plan = new RequestType<PlanParams, PlanResult | null, void>('kce/plan');
export const rollout = new RequestType<RolloutParams, RolloutResult | null, void>('kce/rollout');
export const nodeEvent = new RequestType<NodeEventParams, NodeEventResult | null, void>('kce/nodeEvent');
export const inventory = new RequestType<InventoryParams, InventoryResult, void>('kce/inventory');
export const inventoryChanged = new NotificationType<InventoryInfo>('kce/inventoryChanged');
export const listContexts = new RequestType<ListContextsParams, ListContextsResult, void>('kce/listContexts');

/** The client command a code lens runs; arguments `[uri, documentIndex]`, and the item for a List's item. */
export const SIMULATE_PLACEMENT_COMMAND = 'kce.simulatePlacement';

// ---------- workload previews (every kind with a pod template but DaemonSet; analysis/workloads.ts) ----------

/** One node of a workload preview; names as in `kce simulate --format json` `workloads[].nodes`. */
export interface WorkloadNodeDto extends SchedulerVerdictDto {
  name: string;
}

export interface SimulateWorkloadResult {
  uri: string;
  documentIndex: number;
  /** The List item, when the workload is one. */
  item?: number;
  kind: string;
  name?: string;
  namespace?: string;
  range: Range;
  inventory: InventoryInfo;
  summary: { nodes: number; feasible: number };
  nodes: WorkloadNodeDto[];
  /** What the numbers do not cover: always the Filter-stage caveat, then this pod's own (another scheduler…). */
  notes: string[];
}

export const simulateWorkload = new RequestType<DocumentRef, SimulateWorkloadResult | null, void>('kce/simulateWorkload');

/** The client command a workload's code lens runs; arguments `[uri, documentIndex]`, and the item for a List's item. */
export const SIMULATE_WORKLOAD_COMMAND = 'kce.simulateWorkload';
