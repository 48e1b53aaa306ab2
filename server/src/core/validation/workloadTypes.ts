// The apps/v1 and batch/v1 workload shapes that validation reads (fields beyond these pass through untouched).
import type { IntOrString, LabelSelector, ObjectMeta, PodSpec, PodTemplateSpec } from '../types';

interface Workload<S> {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: S;
  [field: string]: unknown;
}

export interface DeploymentSpec {
  replicas?: number;
  selector?: LabelSelector | null;
  template?: PodTemplateSpec;
  strategy?: { type?: string; rollingUpdate?: { maxUnavailable?: IntOrString; maxSurge?: IntOrString } | null };
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  progressDeadlineSeconds?: number;
  [field: string]: unknown;
}
export type Deployment = Workload<DeploymentSpec>;

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector?: LabelSelector | null;
  template?: PodTemplateSpec;
  [field: string]: unknown;
}
export type ReplicaSet = Workload<ReplicaSetSpec>;

export interface StatefulSetSpec {
  replicas?: number;
  selector?: LabelSelector | null;
  template?: PodTemplateSpec;
  serviceName?: string;
  podManagementPolicy?: string;
  updateStrategy?: { type?: string; rollingUpdate?: { partition?: number; maxUnavailable?: IntOrString } | null };
  revisionHistoryLimit?: number;
  minReadySeconds?: number;
  persistentVolumeClaimRetentionPolicy?: { whenDeleted?: string; whenScaled?: string } | null;
  ordinals?: { start?: number } | null;
  [field: string]: unknown;
}
export type StatefulSet = Workload<StatefulSetSpec>;

export interface PodFailurePolicyRule {
  action?: string;
  onExitCodes?: { containerName?: string | null; operator?: string; values?: number[] } | null;
  onPodConditions?: { type?: string; status?: string }[] | null;
}

export interface JobSpec {
  parallelism?: number | null;
  completions?: number | null;
  activeDeadlineSeconds?: number | null;
  backoffLimit?: number | null;
  backoffLimitPerIndex?: number | null;
  maxFailedIndexes?: number | null;
  ttlSecondsAfterFinished?: number | null;
  completionMode?: string | null;
  suspend?: boolean | null;
  manualSelector?: boolean | null;
  selector?: LabelSelector | null;
  template?: PodTemplateSpec;
  podFailurePolicy?: { rules?: PodFailurePolicyRule[] } | null;
  podReplacementPolicy?: string | null;
  [field: string]: unknown;
}
export type Job = Workload<JobSpec>;

export interface CronJobSpec {
  schedule?: string;
  timeZone?: string | null;
  startingDeadlineSeconds?: number | null;
  concurrencyPolicy?: string;
  suspend?: boolean | null;
  jobTemplate?: { metadata?: ObjectMeta; spec?: JobSpec };
  successfulJobsHistoryLimit?: number | null;
  failedJobsHistoryLimit?: number | null;
  [field: string]: unknown;
}
export type CronJob = Workload<CronJobSpec>;

export type Pod = Workload<PodSpec>;
export interface PodTemplate {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  template?: PodTemplateSpec;
  [field: string]: unknown;
}

/** A field that Go holds in a pointer: set when neither missing nor null. */
export function isSet<T>(v: T | null | undefined): v is T {
  return v !== undefined && v !== null;
}
