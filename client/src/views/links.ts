// Where each placement reason is decided upstream, so a view can link a reason to the Go function.
// The client may import only protocol.ts from the server, so the pinned tag is repeated here;
// test/client/links.test.ts checks it equals the server's KUBERNETES_TAG.

export const KUBERNETES_TAG = 'v1.35.0';
const GO = `https://github.com/kubernetes/kubernetes/blob/${KUBERNETES_TAG}`;

export interface GoRef { func: string; url: string }

const DAEMON = `${GO}/pkg/controller/daemon/daemon_controller.go`;
const AFFINITY = `${GO}/staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go`;
const HELPERS = `${GO}/staging/src/k8s.io/component-helpers/scheduling/corev1/helpers.go`;

const BY_CODE: Record<string, GoRef> = {
  NodeNameMismatch: { func: 'predicates', url: DAEMON },
  NodeSelectorMismatch: { func: 'RequiredNodeAffinity.Match', url: AFFINITY },
  NodeAffinityMismatch: { func: 'RequiredNodeAffinity.Match', url: AFFINITY },
  TaintNotTolerated: { func: 'FindMatchingUntoleratedTaint', url: HELPERS },
};

/** The Go function that decides a reason; the controller's entry point for codes it does not know. */
export function goRefFor(code: string): GoRef {
  return BY_CODE[code] ?? { func: 'NodeShouldRunDaemonPod', url: DAEMON };
}

export const GO_PLAN: GoRef = { func: 'DaemonSetsController.syncNodes', url: DAEMON };
export const GO_ROLLOUT: GoRef = { func: 'DaemonSetsController.rollingUpdate', url: `${GO}/pkg/controller/daemon/update.go` };
