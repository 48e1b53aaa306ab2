// TaintToleration's Filter (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go, v1.35-era):
// any NoSchedule or NoExecute taint the pod does not tolerate rejects the node (PreferNoSchedule only scores).
import { child } from '../../fieldPath';
import { findMatchingUntoleratedTaint, isNoScheduleOrNoExecute } from '../../taints';
import { sharedRejection } from './shared';
import type { FilterPlugin, FilterResult } from '../types';

export const ERR_REASON_UNTOLERATED = 'node(s) had untolerated taint(s)';

export const taintToleration: FilterPlugin<null> = {
  name: 'TaintToleration',
  preFilter: () => ({ kind: 'state', state: null }),
  // Port of TaintToleration.Filter (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go).
  filter(_s, pod, node, ctx): FilterResult | null {
    const taints = node.node.taints;
    if (taints.length === 0) return null;
    const taint = findMatchingUntoleratedTaint(
      taints,
      pod.spec?.tolerations,
      isNoScheduleOrNoExecute,
      ctx.enableTaintTolerationComparisonOperators,
    );
    if (taint === undefined) return null;
    return sharedRejection(ctx, 'TaintToleration', 'UnschedulableAndUnresolvable', ERR_REASON_UNTOLERATED,
      () => child(ctx.specPath, 'tolerations'));
  },
};
