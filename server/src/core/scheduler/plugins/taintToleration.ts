// TaintToleration's Filter (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go, v1.35-era):
// any NoSchedule or NoExecute taint the pod does not tolerate rejects the node (PreferNoSchedule only scores).
import { schedulerMessage } from '../../../codes/scheduler';
import { child } from '../../fieldPath';
import { findMatchingUntoleratedTaint, isNoScheduleOrNoExecute } from '../../taints';
import { objectsOf } from '../resource';
import { sharedRejection } from './shared';
import type { Toleration } from '../../types';
import type { FilterPlugin, FilterResult } from '../types';

export const ERR_REASON_UNTOLERATED = schedulerMessage.taintToleration();

export const taintToleration: FilterPlugin<readonly Toleration[]> = {
  name: 'TaintToleration',
  // The pod's tolerations, read once (entries that are not objects, in a document the API would refuse, dropped).
  preFilter: (pod) => ({ kind: 'state', state: objectsOf(pod.spec?.tolerations) }),
  // Port of TaintToleration.Filter (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go).
  filter(tolerations, _pod, node, ctx): FilterResult | null {
    const taints = node.node.taints;
    if (taints.length === 0) return null;
    const taint = findMatchingUntoleratedTaint(
      taints,
      tolerations,
      isNoScheduleOrNoExecute,
      ctx.enableTaintTolerationComparisonOperators,
    );
    if (taint === undefined) return null;
    return sharedRejection(ctx, 'TaintToleration', 'UnschedulableAndUnresolvable', ERR_REASON_UNTOLERATED,
      () => child(ctx.specPath, 'tolerations'));
  },
};
