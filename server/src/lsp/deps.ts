// What the language server needs from the rest of the product, as one injectable object.
// server.ts passes the real implementations; tests pass small fakes. No module state here.
import type { AnalysisContext, FileAnalysis } from '../analysis/types';
import type { AnalysisLimits } from '../analysis/index';
import type { LabelSelector, NodeInfo, Pod } from '../core/types';
import type { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import type { InventorySource } from './settings';
import type { InventoryProblem, ListContextsResult } from '../protocol';

export interface InventoryRequest {
  source: InventorySource;
  /** Absolute path of the nodes file from settings, when one is set. */
  file?: string;
  /** Absolute path of the pods file from settings, when one is set (not used with the source `cluster`). */
  podsFile?: string;
  /** Absolute paths of the workspace folders (for `auto`: look for a nodes file there). */
  workspaceFolders: string[];
  /** Source `cluster`: the kubeconfig context ('' = current) and an explicit kubeconfig path. */
  context?: string;
  kubeconfig?: string;
  /** Whether the client says the workspace is trusted; untrusted never reads a kubeconfig. */
  trusted?: boolean;
  /** Source `cluster`: called with the new inventory after every (coalesced) change of the watched nodes. */
  onUpdate?(loaded: LoadedInventory): void;
}

export interface LoadedInventory {
  source: string;
  detail?: string;
  nodes: NodeInfo[];
  /** The scheduler's per-node state (nodes with allocatable, the pods on them); kept current by a watched source. */
  scheduling?: ClusterNodeInfos;
  /** How many pods `scheduling` was built from, and the file they came from when it is not the nodes' source. */
  pods?: number;
  podsFile?: string;
  /** The source's own pods a DaemonSet may own, whole (sample cluster, nodes file): kce/plan starts from them. */
  ownerPods?: Pod[];
  /** Source `cluster`: why its pods cannot be read (e.g. 403 on pods); the nodes are in use without their pods. */
  podsError?: string;
  /** Why the requested source was not used (the loader fell back to another one). */
  error?: string;
  /** The same, classified: the session names it in labels and messages. */
  problem?: Omit<InventoryProblem, 'summary'>;
  /** Source `cluster`: the context the kubeconfig resolved to (names "the current context" in messages). */
  context?: string;
  /** Source `cluster`: the status line, and whether the nodes are live or the last good ones. */
  status?: string;
  live?: boolean;
  stale?: boolean;
}

export interface ServerDeps {
  /** `previous`: the analysis of the document's last version, so unchanged YAML documents are reused. */
  analyzeText(text: string, ctx: AnalysisContext, previous?: FileAnalysis, limits?: AnalysisLimits): FileAnalysis;
  /** The same analysis in slices, yielding to the event loop between documents (other requests are answered). */
  analyzeTextAsync?(
    text: string, ctx: AnalysisContext, previous?: FileAnalysis, limits?: AnalysisLimits,
  ): Promise<FileAnalysis>;
  loadInventory(req: InventoryRequest): Promise<LoadedInventory>;
  /** The DaemonSet's pods on the live cluster, when the inventory is a live cluster (undefined otherwise). */
  listPods?(namespace: string, selector: LabelSelector | undefined): Promise<Pod[] | undefined>;
  /** Contexts of the kubeconfig (no credentials), for the client's picker. */
  listContexts?(req: { kubeconfig?: string; trusted: boolean }): Promise<ListContextsResult>;
  /** Stops what the deps hold open (the cluster watch). */
  dispose?(): Promise<void>;
}
