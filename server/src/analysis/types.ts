// What one analysis of a YAML text yields: shared by the CLI and the language server.
// Ranges here are offsets into the text (UTF-16 code units); the LSP layer converts them with positionAt.
import type { DaemonSet, NodeInfo, NodePlacement, Severity } from '../core/types';
import type { FieldPath } from '../core/fieldPath';
import type { ParsedDocument } from '../yaml/parse';
import type { FeatureGates } from '../core/k8sVersion';
import type { ProblemCode } from '../codes/index';
import type { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import type { DaemonScheduling } from './daemonScheduling';
import type { WorkloadSource } from './workloads';

export type { FieldPath };

import type { OffsetRange } from '../yaml/parse';

export type { OffsetRange };

export interface Problem {
  severity: Severity;
  /** API errors: the Status cause reason (`FieldValueInvalid`…); YAML: `yaml.*`; insights: `kce.*` (server/src/codes/). */
  code: ProblemCode;
  /** Kubernetes field path as kube-apiserver prints it ('' when the problem is about the text itself). */
  field: FieldPath;
  /** Human error type for API-parity errors ("Invalid value"), absent otherwise. */
  type?: string;
  message: string;
  range: OffsetRange;
  /** Walkthrough note id explaining it. */
  note?: string;
  /** Documentation link for the rule. */
  docUrl?: string;
}

export interface PlacementSummary {
  nodes: number;
  shouldRun: number;
  shouldContinueRunning: number;
  placements: NodePlacement[];
}

export interface DocumentAnalysis {
  index: number;
  /** Index in `items` when this is an item of a `kind: List` document (analysis/lists.ts). */
  item?: number;
  range: OffsetRange;
  apiVersion?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  problems: Problem[];
  /** The decoded DaemonSet (after typed decode, before defaulting) when kind is DaemonSet. */
  daemonSet?: DaemonSet;
  placement?: PlacementSummary;
  /** DaemonSets: the scheduler's verdict for the daemon pod on each node where the controller creates one. */
  scheduler?: DaemonScheduling;
  /** The analysis read the scheduler state: analysed again when pods or nodes change, not reused. */
  usesScheduling?: boolean;
  /** Workloads with a pod template other than DaemonSets: what their preview evaluates (analysis/workloads.ts). */
  workload?: WorkloadSource;
}

export interface AnalysisContext {
  nodes: NodeInfo[];
  gates: FeatureGates;
  insights: boolean;
  /** How messages name the inventory ("the sample cluster", "nodes.yaml"). */
  inventoryLabel?: string;
  /**
   * False: leave out the insights that only describe the inventory (selectorMatchesNoNode, tolerationMatchesNoTaint,
   * termMatchesNoNode, runsNowhere): `kce validate` without --nodes or --context has only the fictional sample.
   */
  inventoryInsights?: boolean;
  /**
   * The scheduler's per-node state (nodes with allocatable, the pods bound to them), kept up to date by whoever owns
   * the inventory. Absent: analysis/scheduling.ts builds one from `nodes` with no pods.
   */
  scheduling?: ClusterNodeInfos;
}

export interface FileAnalysis {
  documents: DocumentAnalysis[];
  /** The parsed YAML documents (positions, AST), for hover, completion and quick fixes: parse once per version. */
  parsed?: ParsedDocument[];
  /** The context it was computed in: a later analysis of an edited text reuses unchanged documents only under the same one. */
  context?: AnalysisContext;
  /** schedulingGeneration of the context's scheduler state when analysed (documents with usesScheduling need it). */
  schedulingGeneration?: number;
}
