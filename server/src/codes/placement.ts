// Placement reasons: why a node gets no daemon pod (NodeShouldRunDaemonPod's predicates), one entry each.
// core/placement.ts builds the reason messages with the builders below.
import type { Family } from './types';

const DAEMON = 'pkg/controller/daemon/daemon_controller.go';
const NODE_AFFINITY = 'staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go';
const HELPERS = 'staging/src/k8s.io/component-helpers/scheduling/corev1/helpers.go';
const ASSIGN = 'https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node';

export const PLACEMENT_REASONS = {
  NodeNameMismatch: {
    severity: 'reason',
    go: { symbol: 'predicates', path: DAEMON },
    note: 'reason-node-name-mismatch',
    docs: `${ASSIGN}/#nodename`,
    message: { by: 'codes/placement.ts#placementMessage.nodeName', example: 'spec.template.spec.nodeName is worker-1, not worker-2' },
  },
  NodeSelectorMismatch: {
    severity: 'reason',
    go: { symbol: 'RequiredNodeAffinity.Match', path: NODE_AFFINITY },
    note: 'reason-node-selector-mismatch',
    docs: `${ASSIGN}/#nodeselector`,
    message: { by: 'codes/placement.ts#placementMessage.nodeSelector', example: 'nodeSelector disktype=ssd: node has disktype=hdd' },
  },
  NodeAffinityMismatch: {
    severity: 'reason',
    go: { symbol: 'RequiredNodeAffinity.Match', path: NODE_AFFINITY },
    note: 'reason-node-affinity-mismatch',
    docs: `${ASSIGN}/#node-affinity`,
    message: {
      by: 'codes/placement.ts#placementMessage.nodeAffinity',
      example: 'required node affinity term [0] does not match: kubernetes.io/os In [linux]: node has kubernetes.io/os=windows',
    },
  },
  TaintNotTolerated: {
    severity: 'reason',
    go: { symbol: 'FindMatchingUntoleratedTaint', path: HELPERS },
    note: 'reason-taint-not-tolerated',
    docs: 'https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/',
    message: {
      by: 'codes/placement.ts#placementMessage.taint',
      example: 'taint dedicated=gpu:NoSchedule is not tolerated (no toleration for key dedicated); NoSchedule keeps a running daemon pod',
    },
  },
} as const satisfies Family;

/** The message of each placement reason, from the values the check read. */
export const placementMessage = {
  nodeName: (templateNodeName: string, node: string): string =>
    `spec.template.spec.nodeName is ${templateNodeName}, not ${node}`,
  /** `detail` is the selector's own explanation (which key, the node's value). */
  nodeSelector: (detail: string): string => detail,
  /** `detail` names the term and the expression that fails. */
  nodeAffinity: (detail: string): string => `required node affinity ${detail}`,
  taint: (taint: string, why: string, evicts: boolean): string =>
    `taint ${taint} is not tolerated (${why})` +
    (evicts ? '; NoExecute evicts a running daemon pod' : '; NoSchedule keeps a running daemon pod'),
};
