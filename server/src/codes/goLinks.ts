// Go functions that views and hovers link to without a code: the controller's entry points. Beside the
// codes so that every link to upstream Go is written once (paths at KUBERNETES_TAG in kubernetes/kubernetes).
import type { GoSymbol } from './types';

const DAEMON = 'pkg/controller/daemon/daemon_controller.go';

export const GO_LINKS = {
  /** Decides shouldRun / shouldContinueRunning per node. */
  nodeShouldRun: { symbol: 'NodeShouldRunDaemonPod', path: DAEMON },
  /** Creates and deletes pods in slow-start batches. */
  syncNodes: { symbol: 'DaemonSetsController.syncNodes', path: DAEMON },
  /** One round of a rolling update. */
  rollingUpdate: { symbol: 'DaemonSetsController.rollingUpdate', path: 'pkg/controller/daemon/update.go' },
  /** NewPod's automatic tolerations. */
  daemonTolerations: { symbol: 'AddOrUpdateDaemonPodTolerations', path: 'pkg/controller/daemon/util/daemonset_util.go' },
} as const satisfies Record<string, GoSymbol>;
