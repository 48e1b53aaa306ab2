// The status counters the DaemonSet controller writes, computed over a placement and existing pods
// (numberMisscheduled with the reason for each node).
import type { NodeInfo, NodePlacement, Pod, PlacementReason } from './types';
import { getNodesToDaemonPods, podName } from './plan';

export interface MisscheduledPod {
  node: string;
  pods: string[];
  reasons: PlacementReason[];
}

export interface DaemonSetCounts {
  desiredNumberScheduled: number;
  currentNumberScheduled: number;
  numberMisscheduled: number;
  /** Nodes that run a daemon pod although the DaemonSet should not run there, and why not. */
  misscheduled: MisscheduledPod[];
  /** Nodes that should run a pod and have none. */
  missing: string[];
}

// Port of the counting loop of DaemonSetsController.updateDaemonSetStatus (pkg/controller/daemon/daemon_controller.go).
export function daemonSetCounts(
  nodes: readonly NodeInfo[],
  pods: Pod[],
  placementOf: (n: NodeInfo) => Pick<NodePlacement, 'shouldRun' | 'reasons'>,
): DaemonSetCounts {
  const { byNode } = getNodesToDaemonPods(pods);
  const out: DaemonSetCounts = {
    desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0, misscheduled: [], missing: [],
  };
  for (const node of nodes) {
    const p = placementOf(node);
    const onNode = byNode.get(node.name) ?? [];
    const scheduled = onNode.length > 0;
    if (p.shouldRun) {
      out.desiredNumberScheduled++;
      if (scheduled) out.currentNumberScheduled++;
      else out.missing.push(node.name);
    } else if (scheduled) {
      out.numberMisscheduled++;
      out.misscheduled.push({ node: node.name, pods: onNode.map(podName), reasons: p.reasons });
    }
  }
  return out;
}
