// Documentation for a field path: where a user reads the rule a diagnostic is about.
import type { FieldPath } from '../core/fieldPath';

const DOCS = 'https://kubernetes.io/docs';

const RULES: [RegExp, string][] = [
  [/\.tolerations/, `${DOCS}/concepts/scheduling-eviction/taint-and-toleration/`],
  [/\.(nodeSelector|affinity)/, `${DOCS}/concepts/scheduling-eviction/assign-pod-node/`],
  [/^spec\.updateStrategy/, `${DOCS}/tasks/manage-daemon/update-daemon-set/`],
  [/\.(labels|annotations)/, `${DOCS}/concepts/overview/working-with-objects/labels/#syntax-and-character-set`],
  [/^metadata\.name/, `${DOCS}/concepts/overview/working-with-objects/names/`],
  [/\.(restartPolicy|containers|dnsPolicy)/, `${DOCS}/concepts/workloads/pods/`],
  [/^spec\.(selector|template)/, `${DOCS}/concepts/workloads/controllers/daemonset/`],
];

export function docUrlFor(field: FieldPath): string | undefined {
  for (const [re, url] of RULES) if (re.test(field)) return url;
  return undefined;
}
