// Why one sync of the controller deletes a pod (`kce plan`'s podsToDelete[].code), one entry each.
// The reason text is written beside the decision in core/plan.ts.
import type { Family } from './types';

const DAEMON = 'pkg/controller/daemon/daemon_controller.go';
const SHOULD_BE = { symbol: 'DaemonSetsController.podsShouldBeOnNode', path: DAEMON } as const;
const DOCS = 'https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/';
const BY = 'core/plan.ts#podsShouldBeOnNode';

export const DELETE_CODES = {
  Failed: {
    severity: 'reason', go: SHOULD_BE, note: 'ds-pods-should-be-on-node', docs: DOCS,
    message: { by: BY, example: 'failed daemon pod: deleted so a new one is created in the next sync' },
  },
  Succeeded: {
    severity: 'reason', go: SHOULD_BE, note: 'ds-pods-should-be-on-node', docs: DOCS,
    message: { by: BY, example: 'succeeded daemon pod: a daemon pod must keep running, so it is replaced' },
  },
  Duplicate: {
    severity: 'reason', go: SHOULD_BE, note: 'ds-pods-should-be-on-node', docs: DOCS,
    message: { by: BY, example: 'more than one daemon pod on the node: keeps agent-abc (scheduled first, then oldest, then by name)' },
  },
  SurgeReplaced: {
    severity: 'reason', go: SHOULD_BE, note: 'ds-pods-should-be-on-node', docs: DOCS,
    message: { by: BY, example: 'new pod agent-new is available: the old pod goes' },
  },
  NodeShouldNotRun: {
    severity: 'reason', go: SHOULD_BE, note: 'ds-pods-should-be-on-node', docs: DOCS,
    message: { by: BY, example: 'the node no longer fits the DaemonSet (selector, affinity, or an untolerated NoExecute taint)' },
  },
  NodeGone: {
    severity: 'reason',
    go: { symbol: 'getUnscheduledPodsWithoutNode', path: DAEMON },
    note: 'ds-no-node-delete',
    docs: DOCS,
    message: { by: 'core/plan.ts#getUnscheduledPodsWithoutNode', example: 'unscheduled pod pinned to node gone-1, which does not exist' },
  },
} as const satisfies Family;
