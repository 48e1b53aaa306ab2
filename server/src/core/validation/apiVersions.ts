// Workload kinds in API versions that kube-apiserver v1.35 no longer serves. kubectl cannot even map such a
// document to a resource ("no matches for kind … in version …"), so nothing else about it matters until the
// apiVersion is changed. Source: the Kubernetes deprecated API migration guide (reference/using-api/deprecation-guide).

export interface RemovedApiVersion {
  kind: string;
  apiVersion: string;
  /** The version to write instead. */
  replacement: string;
  /** The first release that stopped serving it. */
  removedIn: string;
  message: string;
}

export const REMOVED_API_DOCS = 'https://kubernetes.io/docs/reference/using-api/deprecation-guide/';

// [kind, removed versions, replacement, first release that no longer serves them]
const TABLE: readonly [string, readonly string[], string, string][] = [
  ['DaemonSet', ['extensions/v1beta1', 'apps/v1beta2'], 'apps/v1', 'v1.16'],
  ['Deployment', ['extensions/v1beta1', 'apps/v1beta1', 'apps/v1beta2'], 'apps/v1', 'v1.16'],
  ['StatefulSet', ['apps/v1beta1', 'apps/v1beta2'], 'apps/v1', 'v1.16'],
  ['ReplicaSet', ['extensions/v1beta1', 'apps/v1beta1', 'apps/v1beta2'], 'apps/v1', 'v1.16'],
  ['CronJob', ['batch/v1beta1'], 'batch/v1', 'v1.25'],
  // The alpha batch/v2alpha1 is not in the migration guide (alpha versions need no notice); the release that
  // dropped it could not be confirmed there. It is gone from k8s.io/api well before v1.35; v1.21, when
  // batch/v1 CronJob went GA, is the release third-party migration notes give.
  ['CronJob', ['batch/v2alpha1'], 'batch/v1', 'v1.21'],
];

const BY_KEY = new Map<string, RemovedApiVersion>();
for (const [kind, versions, replacement, removedIn] of TABLE) {
  for (const apiVersion of versions) {
    BY_KEY.set(`${apiVersion}/${kind}`, {
      kind, apiVersion, replacement, removedIn,
      message: `${kind} in ${apiVersion} is not served since Kubernetes ${removedIn}: use apiVersion: ${replacement} ` +
        `(kubectl apply fails with: no matches for kind "${kind}" in version "${apiVersion}")`,
    });
  }
}

/** The removal of this kind's API version, or undefined when the version is served (or the kind is not checked). */
export function removedApiVersion(apiVersion: string, kind: string): RemovedApiVersion | undefined {
  return BY_KEY.get(`${apiVersion}/${kind}`);
}

/** Every removed (apiVersion, kind) pair, for tests and docs. */
export function removedApiVersions(): RemovedApiVersion[] {
  return [...BY_KEY.values()];
}
