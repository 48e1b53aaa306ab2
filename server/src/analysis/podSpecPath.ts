// Where each workload kind keeps its pod spec: the root of scheduling field paths.
import type { FieldPath } from '../core/fieldPath';

const POD_SPEC_PATHS: Record<string, FieldPath> = {
  'apps/v1/DaemonSet': 'spec.template.spec',
  'apps/v1/Deployment': 'spec.template.spec',
  'apps/v1/StatefulSet': 'spec.template.spec',
  'apps/v1/ReplicaSet': 'spec.template.spec',
  'v1/ReplicationController': 'spec.template.spec',
  'batch/v1/Job': 'spec.template.spec',
  'batch/v1/CronJob': 'spec.jobTemplate.spec.template.spec',
  'v1/Pod': 'spec',
  'v1/PodTemplate': 'template.spec',
};

export function podSpecPathFor(apiVersion: string | undefined, kind: string | undefined): FieldPath | undefined {
  if (!apiVersion || !kind) return undefined;
  return POD_SPEC_PATHS[`${apiVersion}/${kind}`];
}
