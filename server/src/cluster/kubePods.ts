// The pods of a DaemonSet as the cluster reports them: the label selector as a query string, and the
// status counters the controller would write (numberMisscheduled with the reason for each node).
import type { LabelSelector, NodeInfo, NodePlacement, Pod, PlacementReason } from '../core/types';
import { getNodesToDaemonPods, podName } from '../core/plan';

function quoteValues(values: readonly string[] | undefined): string {
  return [...(values ?? [])].sort().join(',');
}

// Port of LabelSelectorAsSelector and internalSelector.String (apimachinery/pkg/apis/meta/v1/helpers.go, pkg/labels/selector.go).
/** The `labelSelector` query value; '' selects everything, null selects nothing (a nil selector). */
export function labelSelectorQuery(sel: LabelSelector | undefined | null): string | null {
  if (sel == null) return null;
  const parts: { key: string; text: string }[] = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) parts.push({ key: k, text: `${k}=${v}` });
  for (const r of sel.matchExpressions ?? []) {
    switch (r.operator) {
      case 'In':
        parts.push({ key: r.key, text: `${r.key} in (${quoteValues(r.values)})` });
        break;
      case 'NotIn':
        parts.push({ key: r.key, text: `${r.key} notin (${quoteValues(r.values)})` });
        break;
      case 'Exists':
        parts.push({ key: r.key, text: r.key });
        break;
      case 'DoesNotExist':
        parts.push({ key: r.key, text: `!${r.key}` });
        break;
      default:
        // An invalid operator makes the selector an error upstream: select nothing rather than everything.
        return null;
    }
  }
  // Sorted by key, as the selector prints its requirements.
  return parts.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((p) => p.text).join(',');
}

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
export function daemonSetCounts(nodes: readonly NodeInfo[], pods: Pod[], placementOf: (n: NodeInfo) => Pick<NodePlacement, 'shouldRun' | 'reasons'>): DaemonSetCounts {
  const { byNode } = getNodesToDaemonPods(pods);
  const out: DaemonSetCounts = { desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0, misscheduled: [], missing: [] };
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
