// NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go, v1.35-era):
// a cordoned node takes only pods tolerating node.kubernetes.io/unschedulable:NoSchedule.
import { schedulerMessage } from '../../../codes/scheduler';
import { child } from '../../fieldPath';
import { tolerationsTolerateTaint } from '../../taints';
import { objectsOf } from '../resource';
import { sharedRejection } from './shared';
import type { FilterPlugin, FilterResult } from '../types';

export const ERR_REASON_UNSCHEDULABLE = schedulerMessage.nodeUnschedulable();
const UNSCHEDULABLE_TAINT = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

export const nodeUnschedulable: FilterPlugin<null> = {
  name: 'NodeUnschedulable',
  // Upstream has no PreFilter here; a pod that tolerates the cordon (every daemon pod does) passes every node anyway.
  preFilter: (pod, ctx) => tolerationsTolerateTaint(
    objectsOf(pod.spec?.tolerations),
    UNSCHEDULABLE_TAINT,
    ctx.enableTaintTolerationComparisonOperators,
  ) ? { kind: 'skip' } : { kind: 'state', state: null },
  // Port of NodeUnschedulable.Filter (pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go).
  filter(_s, pod, node, ctx): FilterResult | null {
    if (!node.node.unschedulable) return null;
    const tolerates = tolerationsTolerateTaint(
      objectsOf(pod.spec?.tolerations),
      UNSCHEDULABLE_TAINT,
      ctx.enableTaintTolerationComparisonOperators,
    );
    if (tolerates) return null;
    return sharedRejection(ctx, 'NodeUnschedulable', 'UnschedulableAndUnresolvable', ERR_REASON_UNSCHEDULABLE,
      () => child(ctx.specPath, 'tolerations'));
  },
};
