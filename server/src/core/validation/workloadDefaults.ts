// apps/v1, batch/v1 and core/v1 defaulting of the workload kinds other than DaemonSet (core/defaults.ts has that
// one), as kube-apiserver applies it before validation. Each returns a defaulted copy; the input is not modified.
import { setDefaultsPodSpec, setDefaultsPodTemplateSpec } from '../defaults';
import type { PodTemplateSpec } from '../types';
import type { CronJob, Deployment, Job, Pod, PodTemplate, ReplicaSet, StatefulSet } from './workloadTypes';
import { isSet } from './workloadTypes';

// Defaults touch the spec only: the spec is copied deeply, metadata is shared (never written; a 200,000-key
// annotation map is not cloned).
function copyWithSpec<T extends { spec?: object }>(obj: T): T & { spec: NonNullable<T['spec']> } {
  const src = obj ?? ({} as T);
  const spec = src.spec && typeof src.spec === 'object' ? structuredClone(src.spec) : {};
  return { ...src, spec } as T & { spec: NonNullable<T['spec']> };
}

function template(t: PodTemplateSpec | undefined): PodTemplateSpec {
  const out = t && typeof t === 'object' ? t : {};
  setDefaultsPodTemplateSpec(out);
  return out;
}

// Port of SetDefaults_Deployment (pkg/apis/apps/v1/defaults.go), with the pod template's defaults.
export function setDefaultsDeployment(d: Deployment): Deployment {
  const out = copyWithSpec(d);
  const s = out.spec;
  if (!isSet(s.replicas)) s.replicas = 1;
  if (!s.strategy || typeof s.strategy !== 'object') s.strategy = {};
  const strategy = s.strategy;
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    if (!strategy.rollingUpdate) strategy.rollingUpdate = {};
    if (!isSet(strategy.rollingUpdate.maxUnavailable)) strategy.rollingUpdate.maxUnavailable = '25%';
    if (!isSet(strategy.rollingUpdate.maxSurge)) strategy.rollingUpdate.maxSurge = '25%';
  }
  if (!isSet(s.revisionHistoryLimit)) s.revisionHistoryLimit = 10;
  if (!isSet(s.progressDeadlineSeconds)) s.progressDeadlineSeconds = 600;
  s.template = template(s.template);
  return out;
}

// Port of SetDefaults_ReplicaSet (pkg/apis/apps/v1/defaults.go), with the pod template's defaults.
export function setDefaultsReplicaSet(rs: ReplicaSet): ReplicaSet {
  const out = copyWithSpec(rs);
  if (!isSet(out.spec.replicas)) out.spec.replicas = 1;
  out.spec.template = template(out.spec.template);
  return out;
}

// Port of SetDefaults_StatefulSet (pkg/apis/apps/v1/defaults.go), with the pod template's defaults. The
// MaxUnavailableStatefulSet default (maxUnavailable 1) is left out: whether the gate is on in v1.35 could not be
// confirmed, and 1 passes validation either way. StatefulSetAutoDeletePVC is GA: its defaults apply.
export function setDefaultsStatefulSet(ss: StatefulSet): StatefulSet {
  const out = copyWithSpec(ss);
  const s = out.spec;
  if (!s.podManagementPolicy) s.podManagementPolicy = 'OrderedReady';
  if (!s.updateStrategy || typeof s.updateStrategy !== 'object') s.updateStrategy = {};
  const strategy = s.updateStrategy;
  if (!strategy.type) {
    strategy.type = 'RollingUpdate';
    if (!strategy.rollingUpdate) strategy.rollingUpdate = {};
  }
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate && !isSet(strategy.rollingUpdate.partition)) {
    strategy.rollingUpdate.partition = 0;
  }
  if (!s.persistentVolumeClaimRetentionPolicy) s.persistentVolumeClaimRetentionPolicy = {};
  const pvc = s.persistentVolumeClaimRetentionPolicy;
  if (!pvc.whenDeleted) pvc.whenDeleted = 'Retain';
  if (!pvc.whenScaled) pvc.whenScaled = 'Retain';
  if (!isSet(s.replicas)) s.replicas = 1;
  if (!isSet(s.revisionHistoryLimit)) s.revisionHistoryLimit = 10;
  s.template = template(s.template);
  return out;
}

const MAX_INT32 = 2147483647;

// Port of SetDefaults_Job (pkg/apis/batch/v1/defaults.go), with the pod template's defaults.
export function setDefaultsJob(job: Job): Job {
  const out = copyWithSpec(job);
  const s = out.spec;
  if (!isSet(s.completions) && !isSet(s.parallelism)) {
    s.completions = 1;
    s.parallelism = 1;
  }
  if (!isSet(s.parallelism)) s.parallelism = 1;
  if (!isSet(s.backoffLimit)) s.backoffLimit = isSet(s.backoffLimitPerIndex) ? MAX_INT32 : 6;
  const labels = s.template?.metadata?.labels;
  if (labels && Object.keys(out.metadata?.labels ?? {}).length === 0) out.metadata = { ...out.metadata, labels };
  if (!isSet(s.completionMode)) s.completionMode = 'NonIndexed';
  if (!isSet(s.suspend)) s.suspend = false;
  for (const rule of s.podFailurePolicy?.rules ?? []) {
    for (const pattern of rule?.onPodConditions ?? []) if (pattern && !pattern.status) pattern.status = 'True';
  }
  if (!isSet(s.podReplacementPolicy)) s.podReplacementPolicy = s.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed';
  s.template = template(s.template);
  return out;
}

// Port of SetDefaults_CronJob (pkg/apis/batch/v1/defaults.go), with the job template's pod template defaults
// (SetObjectDefaults_CronJob defaults the pod spec inside; SetDefaults_Job is not applied to a job template).
export function setDefaultsCronJob(cj: CronJob): CronJob {
  const out = copyWithSpec(cj);
  const s = out.spec;
  if (!s.concurrencyPolicy) s.concurrencyPolicy = 'Allow';
  if (!isSet(s.suspend)) s.suspend = false;
  if (!isSet(s.successfulJobsHistoryLimit)) s.successfulJobsHistoryLimit = 3;
  if (!isSet(s.failedJobsHistoryLimit)) s.failedJobsHistoryLimit = 1;
  if (!s.jobTemplate || typeof s.jobTemplate !== 'object') s.jobTemplate = {};
  if (!s.jobTemplate.spec || typeof s.jobTemplate.spec !== 'object') s.jobTemplate.spec = {};
  s.jobTemplate.spec.template = template(s.jobTemplate.spec.template);
  return out;
}

// Port of SetDefaults_Pod's pod spec part (pkg/apis/core/v1/defaults.go: SetDefaults_PodSpec and containers).
export function setDefaultsPod(pod: Pod): Pod {
  const out = copyWithSpec(pod);
  setDefaultsPodSpec(out.spec);
  return out;
}

/** A PodTemplate's template gets the pod spec defaults (SetObjectDefaults_PodTemplate). */
export function setDefaultsPodTemplate(pt: PodTemplate): PodTemplate {
  const src = pt ?? {};
  return { ...src, template: template(src.template ? structuredClone(src.template) : undefined) };
}
