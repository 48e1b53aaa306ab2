// Custom LSP requests and notifications of the kce language server, declared once.
// The client imports this file and nothing else from the server: it depends only on the protocol package.
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import type { Range } from 'vscode-languageserver-protocol';
import type { PlacementReasonCode } from './codes/index';

// ---------- shared shapes (plain JSON; ranges are LSP ranges) ----------

export interface TaintDto { key: string; value?: string; effect: string }

export interface NodeDto {
  name: string;
  labels: Record<string, string>;
  taints: TaintDto[];
  unschedulable: boolean;
  conditions: { type: string; status: string }[];
}

/** Which DaemonSet of a file: the YAML document index (0-based, `---` separated). */
export interface DocumentRef { uri: string; documentIndex: number }

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

export interface PlacementRowDto {
  node: string;
  shouldRun: boolean;
  shouldContinueRunning: boolean;
  reasons: PlacementReasonDto[];
}

export interface InventoryInfo {
  /** `sample`, `file`, `workspace`, `cluster`… as the inventory loader names it. */
  source: string;
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

/** A kubeconfig context for a picker: never a credential. */
export interface KubeContextDto {
  name: string;
  cluster: string;
  user: string;
  namespace: string;
  server: string;
  current: boolean;
}

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
  name?: string;
  namespace?: string;
  /** Range of the whole YAML document. */
  range: Range;
  inventory: InventoryInfo;
  nodes: number;
  shouldRun: number;
  shouldContinueRunning: number;
  rows: PlacementRowDto[];
}

export interface PlanParams extends DocumentRef {
  /** Upper bound of creations per sync, as the controller's BurstReplicas (default 250). */
  burstReplicas?: number;
}

export interface PlanResult {
  uri: string;
  documentIndex: number;
  /** Nodes that get a new daemon pod. */
  create: string[];
  /** Pods the controller deletes, with the node and why. */
  delete: { pod: string; node: string; reason: string }[];
  /** Slow-start batches of creations: sizes 1, 2, 4, … */
  batches: { size: number; nodes: string[] }[];
  notes: string[];
}

export interface RolloutParams extends DocumentRef {
  /** Overrides of the strategy's values (int or percentage string). */
  maxSurge?: number | string;
  maxUnavailable?: number | string;
}

export interface RolloutRound {
  index: number;
  /** Nodes where a new pod is started next to the old one (surge). */
  surge: string[];
  /** Nodes whose old pod is deleted this round. */
  deleted: string[];
  /** Nodes that get a new pod this round. */
  created: string[];
  unavailable: number;
}

export interface RolloutResult {
  uri: string;
  documentIndex: number;
  maxSurge: number;
  maxUnavailable: number;
  rounds: RolloutRound[];
  notes: string[];
}

export type NodeEvent =
  | { type: 'addNode'; node: NodeDto }
  | { type: 'removeNode'; node: string }
  | { type: 'addTaint'; node: string; taint: TaintDto }
  | { type: 'removeTaint'; node: string; taint: { key: string; effect: string } }
  | { type: 'setLabel'; node: string; key: string; value: string }
  | { type: 'removeLabel'; node: string; key: string }
  | { type: 'cordon'; node: string; unschedulable?: boolean };

export interface NodeEventParams extends DocumentRef { event: NodeEvent }

export interface PlacementChange {
  node: string;
  before?: { shouldRun: boolean; shouldContinueRunning: boolean };
  after?: { shouldRun: boolean; shouldContinueRunning: boolean };
  reasons: PlacementReasonDto[];
}

export interface NodeEventResult {
  uri: string;
  documentIndex: number;
  before: PlacementRowDto[];
  after: PlacementRowDto[];
  /** Only the nodes whose placement changed. */
  changes: PlacementChange[];
  /** What the controller would do after the event: nodes that get a pod, nodes whose pod is deleted. */
  actions: { create: string[]; delete: string[] };
}

export interface InventoryParams { uri?: string }
export interface InventoryResult extends InventoryInfo { nodes: NodeDto[] }

// ---------- the requests, one line each ----------

export const simulatePlacement = new RequestType<DocumentRef, SimulatePlacementResult | null, void>('kce/simulatePlacement');
export const plan = new RequestType<PlanParams, PlanResult | null, void>('kce/plan');
export const rollout = new RequestType<RolloutParams, RolloutResult | null, void>('kce/rollout');
export const nodeEvent = new RequestType<NodeEventParams, NodeEventResult | null, void>('kce/nodeEvent');
export const inventory = new RequestType<InventoryParams, InventoryResult, void>('kce/inventory');
export const inventoryChanged = new NotificationType<InventoryInfo>('kce/inventoryChanged');
export const listContexts = new RequestType<ListContextsParams, ListContextsResult, void>('kce/listContexts');

/** The client command a code lens runs; arguments `[uri, documentIndex]`. */
export const SIMULATE_PLACEMENT_COMMAND = 'kce.simulatePlacement';
