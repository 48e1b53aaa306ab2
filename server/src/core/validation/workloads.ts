// One entry for kube-apiserver's create validation of every workload kind the product decodes, by apiVersion/kind.
import type { FieldError } from '../types';
import type { FeatureGates } from '../k8sVersion';
import { validateDaemonSet } from './daemonSet';
import { validateDeployment, validateReplicaSet } from './replicaSet';
import { validateStatefulSet } from './statefulSet';
import { validateJob } from './job';
import { validateCronJob } from './cronJob';
import { validatePod, validatePodTemplate } from './pod';
import { validatePodSpecScheduling } from './podTemplate';
import type { StatefulSet } from './workloadTypes';

// The upstream copy read validates no pod spec fields of a StatefulSet's template (statefulSet.ts); the scheduling
// fields are still checked here, as for every pod template, since the controller's pods would be rejected for them.
function validateStatefulSetAndScheduling(ss: StatefulSet, opts: { gates: FeatureGates }): FieldError[] {
  return [
    ...validateStatefulSet(ss, opts),
    ...validatePodSpecScheduling(ss.spec?.template?.spec, 'spec.template.spec', opts),
  ];
}

type Validator = (obj: never, opts: { gates: FeatureGates }) => FieldError[];

const BY_KIND: Record<string, Validator> = {
  'apps/v1/DaemonSet': validateDaemonSet,
  'apps/v1/Deployment': validateDeployment,
  'apps/v1/ReplicaSet': validateReplicaSet,
  'apps/v1/StatefulSet': validateStatefulSetAndScheduling,
  'batch/v1/Job': validateJob,
  'batch/v1/CronJob': validateCronJob,
  'v1/Pod': validatePod,
  'v1/PodTemplate': validatePodTemplate,
};

/** Whether kube-apiserver's validation of this kind is reproduced. */
export function hasWorkloadValidation(apiVersion: string, kind: string): boolean {
  return Object.prototype.hasOwnProperty.call(BY_KIND, `${apiVersion}/${kind}`);
}

/** The errors kube-apiserver reports when this decoded object is created; [] for a kind not reproduced. */
export function validateWorkload(
  apiVersion: string,
  kind: string,
  obj: unknown,
  opts: { gates: FeatureGates },
): FieldError[] {
  const v = BY_KIND[`${apiVersion}/${kind}`];
  return v ? v(obj as never, opts) : [];
}
