// "Fits on N of M nodes" for every workload with a pod template (Deployment, ReplicaSet, StatefulSet, Job, CronJob,
// ReplicationController, Pod, PodTemplate): the pod its controller would create from the template, run through the
// scheduler's Filter stage over the inventory in use, with the pods already running there. Filter only: no scoring,
// no preemption, no replica-by-replica placement. Computed on demand (hover, lens, view, CLI) and cached per document
// and inventory state, so editing never waits for it.
import { child, type FieldPath } from '../core/fieldPath';
import { isObject, valueAtPath } from '../core/values';
import type { SchedPod, SchedPodSpec } from '../core/scheduler/types';
import { podSpecPathFor } from './podSpecPath';
import { filterPodOverInventory, schedulingFor, type PodFilterRun, type SchedulerVerdict } from './scheduling';
import type { AnalysisContext, DocumentAnalysis } from './types';

/** What a workload document yields for the preview: decided once per analysis, evaluated when asked. */
export interface WorkloadSource {
  kind: string;
  /** Where the pod spec sits in the user's document (`spec.template.spec`, `spec`, `template.spec`…). */
  specPath: FieldPath;
  /** Where the pod's labels sit in the user's document. */
  labelsPath: FieldPath;
  /** The pod as the API server would create it from the template. */
  pod: SchedPod;
}

/** One node's verdict, named. */
export interface WorkloadNodeVerdict extends SchedulerVerdict {
  name: string;
}

export interface WorkloadPreview {
  kind: string;
  specPath: FieldPath;
  summary: { nodes: number; feasible: number };
  /** Nodes evaluated without NodeResourcesFit (no allocatable in the inventory). */
  allocatableUnknown: number;
  /** Every node of the inventory, in inventory order (built when first read). */
  readonly nodes: WorkloadNodeVerdict[];
  /** Things the numbers do not cover for this pod (another scheduler). */
  notes: string[];
}

/** Said wherever the numbers are shown (contract point 3). */
export const FILTER_STAGE_ONLY =
  "the scheduler's Filter stage only: no scoring, no preemption, no replica-by-replica placement";

const WORKLOAD_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController', 'Job', 'CronJob',
  'Pod', 'PodTemplate']);

/** The template's metadata path for a pod spec path: `spec.template.spec` → `spec.template.metadata`. */
function metadataPathOf(specPath: FieldPath): FieldPath {
  return specPath === 'spec' ? 'metadata' : child(specPath.slice(0, -'.spec'.length), 'metadata');
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(v)) return out;
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

/**
 * The pod the controller creates from a template: the template's labels and spec, in the workload's namespace
 * (kubectl's default namespace when none is written). A Job's pods also carry the job-name labels the API server
 * adds to its template (pkg/registry/batch/job/strategy.go generateSelector); the controller-uid labels and the
 * hash labels of Deployments and StatefulSets (pod-template-hash, controller-revision-hash) have values only a live
 * object has, so they are left out: a selector on them matches no new pod here.
 */
export function templatePod(obj: Record<string, unknown>, kind: string, specPath: FieldPath): SchedPod | undefined {
  const spec = valueAtPath(obj, specPath);
  if (!isObject(spec)) return undefined;
  const meta = isObject(obj.metadata) ? obj.metadata : {};
  const tmplMeta = valueAtPath(obj, metadataPathOf(specPath));
  const labels = stringMap(isObject(tmplMeta) ? tmplMeta.labels : undefined);
  const name = typeof meta.name === 'string' ? meta.name : undefined;
  if (kind === 'Job' && name && !('job-name' in labels)) {
    labels['batch.kubernetes.io/job-name'] = name;
    labels['job-name'] = name;
  }
  const namespace = typeof meta.namespace === 'string' && meta.namespace ? meta.namespace : 'default';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { ...(name ? { generateName: `${name}-` } : {}), namespace, labels },
    spec: spec as SchedPodSpec,
  };
}

/** The preview source of a decoded document, or undefined for kinds without a pod template (and DaemonSets). */
export function workloadSourceOf(
  obj: unknown, apiVersion: string | undefined, kind: string | undefined,
): WorkloadSource | undefined {
  if (!kind || !WORKLOAD_KINDS.has(kind) || !isObject(obj)) return undefined;
  const specPath = podSpecPathFor(apiVersion, kind);
  if (!specPath) return undefined;
  const pod = templatePod(obj, kind, specPath);
  // A Pod with nodeName is bound already (a `kubectl get pods -o yaml` dump, or a pod for one kubelet): the
  // scheduler never sees it, so there is nothing to preview.
  if (!pod || (kind === 'Pod' && typeof pod.spec?.nodeName === 'string' && pod.spec.nodeName !== '')) return undefined;
  return { kind, specPath, labelsPath: child(metadataPathOf(specPath), 'labels'), pod };
}

function notesFor(src: WorkloadSource): string[] {
  const notes: string[] = [];
  const spec = src.pod.spec ?? {};
  const scheduler = (spec as { schedulerName?: unknown }).schedulerName;
  if (typeof scheduler === 'string' && scheduler !== '' && scheduler !== 'default-scheduler') {
    notes.push(`schedulerName ${scheduler}: another scheduler places these pods; these are the default scheduler's filters`);
  }
  return notes;
}

/** Counts now, named rows when first read: the lens needs only the counts. */
class LazyPreview implements WorkloadPreview {
  private rows: WorkloadNodeVerdict[] | undefined;
  readonly summary: { nodes: number; feasible: number };
  readonly allocatableUnknown: number;
  constructor(readonly kind: string, readonly specPath: FieldPath, readonly notes: string[], private readonly run: PodFilterRun) {
    this.summary = { nodes: run.nodes.length, feasible: run.feasible };
    this.allocatableUnknown = run.allocatableUnknown;
  }

  get nodes(): WorkloadNodeVerdict[] {
    return (this.rows ??= this.run.nodes.map((n, i) => ({ name: n.node.name, ...(this.run.verdicts[i] as SchedulerVerdict) })));
  }
}

const cache = new WeakMap<WorkloadSource, { run: PodFilterRun; preview: WorkloadPreview }>();

/**
 * The preview of one analysed document in a context, or undefined when it is not a workload with a pod template.
 * The Filter run is reused while the pod and the inventory state are unchanged (analysis/scheduling.ts), and the
 * preview with it.
 */
export function workloadPreview(d: DocumentAnalysis, ctx: AnalysisContext): WorkloadPreview | undefined {
  const src = d.workload;
  if (!src) return undefined;
  const run = filterPodOverInventory(schedulingFor(ctx), src.pod, {
    specPath: src.specPath,
    labelsPath: src.labelsPath,
    enableTaintTolerationComparisonOperators: !!ctx.gates.TaintTolerationComparisonOperators,
  });
  const hit = cache.get(src);
  if (hit && hit.run === run) return hit.preview;
  const preview = new LazyPreview(src.kind, src.specPath, notesFor(src), run);
  cache.set(src, { run, preview });
  return preview;
}
