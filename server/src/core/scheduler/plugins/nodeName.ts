// NodeName (pkg/scheduler/framework/plugins/nodename/node_name.go, v1.35-era): a pod naming a node fits only there.
import { schedulerMessage } from '../../../codes/scheduler';
import { child } from '../../fieldPath';
import { sharedRejection } from './shared';
import type { FilterPlugin, FilterResult, SchedPod } from '../types';

export const ERR_REASON_NODE_NAME = schedulerMessage.nodeName();

// Port of Fits (pkg/scheduler/framework/plugins/nodename/node_name.go).
export function nodeNameFits(pod: SchedPod, nodeName: string): boolean {
  const want = pod.spec?.nodeName ?? '';
  return want.length === 0 || want === nodeName;
}

export const nodeName: FilterPlugin<null> = {
  name: 'NodeName',
  // Upstream has no PreFilter here; skipping a pod that names no node changes nothing (Filter always passes it).
  preFilter: (pod) => (pod.spec?.nodeName ? { kind: 'state', state: null } : { kind: 'skip' }),
  // Port of NodeName.Filter (pkg/scheduler/framework/plugins/nodename/node_name.go).
  filter(_s, pod, node, ctx): FilterResult | null {
    if (nodeNameFits(pod, node.node.name)) return null;
    return sharedRejection(ctx, 'NodeName', 'UnschedulableAndUnresolvable', ERR_REASON_NODE_NAME,
      () => child(ctx.specPath, 'nodeName'));
  },
};
