// What the language server needs from the rest of the product, as one injectable object.
// server.ts passes the real implementations; tests pass small fakes. No module state here.
import type { AnalysisContext, FileAnalysis, OffsetRange } from '../analysis/types';
import type { FieldPath } from '../core/fieldPath';
import type { FeatureGates } from '../core/k8sVersion';
import type { DaemonSet, NodeInfo, NodeSelectorRequirement, Taint, Toleration } from '../core/types';
import type { InventorySource } from './settings';
import type { PlanResult, RolloutResult } from '../protocol';

export interface InventoryRequest {
  source: InventorySource;
  /** Absolute path of the nodes file from settings, when one is set. */
  file?: string;
  /** Absolute paths of the workspace folders (for `auto`: look for a nodes file there). */
  workspaceFolders: string[];
}

export interface LoadedInventory {
  source: string;
  detail?: string;
  nodes: NodeInfo[];
  /** Why the requested source was not used (the loader fell back to another one). */
  error?: string;
}

/** What sits under an offset of the text: the YAML document, the field path, and whether it is a key or a value. */
export interface PathAt {
  documentIndex: number;
  path: FieldPath;
  /** Offset range of the scalar/key under the cursor. */
  range: OffsetRange;
  onKey: boolean;
}

export interface ServerDeps {
  analyzeText(text: string, ctx: AnalysisContext): FileAnalysis;
  loadInventory(req: InventoryRequest): Promise<LoadedInventory>;
  /** Field path under an offset (yaml layer). Without it, hover/completion/code actions that need it answer empty. */
  pathAtOffset?(text: string, offset: number): PathAt | undefined;
  /** Offset range of a field path inside one document of the text (yaml layer). */
  rangeOfField?(text: string, documentIndex: number, field: FieldPath): OffsetRange | undefined;
  /** Does one node-selector requirement match a node (core nodeAffinity)? undefined when it cannot be parsed. */
  matchRequirement?(req: NodeSelectorRequirement, node: NodeInfo, kind: 'matchExpressions' | 'matchFields'): boolean | undefined;
  /** Does a toleration tolerate a taint (core taints)? */
  toleratesTaint?(toleration: Toleration, taint: Taint, gates: FeatureGates): boolean;
  /** Controller sync plan for a DaemonSet over the nodes (core plan). */
  plan?(ds: DaemonSet, nodes: NodeInfo[], opts: { burstReplicas?: number; gates: FeatureGates }): Omit<PlanResult, 'uri' | 'documentIndex'>;
  /** Rolling update rounds (core rollout). */
  rollout?(ds: DaemonSet, nodes: NodeInfo[], opts: { maxSurge?: number | string; maxUnavailable?: number | string; gates: FeatureGates }): Omit<RolloutResult, 'uri' | 'documentIndex'>;
}
