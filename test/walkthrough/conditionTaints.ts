// What a v1.35 control plane does to a node's taints when the node shows a condition, as test data: the data of
// nodeConditionToTaintKeyStatusMap, the NoSchedule pass (doNoScheduleTaintingPass) and the NoExecute pass
// (NotReadyTaintTemplate / UnreachableTaintTemplate) of pkg/controller/nodelifecycle/node_lifecycle_controller.go.
import type { NodeInfo, Taint } from '../../server/src/core/types';

export const CONDITION_TAINTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Ready: { False: 'node.kubernetes.io/not-ready', Unknown: 'node.kubernetes.io/unreachable' },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};
export const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable';
/** Every taint key the control plane owns (and removes again when the condition clears). */
export const CONTROLLER_TAINT_KEYS: ReadonlySet<string> = new Set([
  ...Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)), UNSCHEDULABLE_TAINT]);

/** The controller-owned taints for these conditions, as `key:effect`, sorted. */
export function controllerTaints(
  conditions: readonly { type: string; status: string }[], unschedulable: boolean,
): string[] {
  const out: string[] = [];
  for (const c of conditions) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (!key) continue;
    out.push(`${key}:NoSchedule`);
    if (c.type === 'Ready') out.push(`${key}:NoExecute`);
  }
  if (unschedulable) out.push(`${UNSCHEDULABLE_TAINT}:NoSchedule`);
  return out.sort();
}

/** A copy of a healthy node after it starts showing `type=status`, with the taints the control plane adds. */
export function withCondition(node: NodeInfo, type: string, status: string): NodeInfo {
  const conditions = node.conditions.filter((c) => c.type !== type).concat({ type, status });
  const kept = node.taints.filter((t) => !CONTROLLER_TAINT_KEYS.has(t.key));
  const added: Taint[] = controllerTaints(conditions, node.unschedulable).map((s) => {
    const i = s.lastIndexOf(':');
    return { key: s.slice(0, i), effect: s.slice(i + 1) as Taint['effect'] };
  });
  return { ...node, name: `${node.name}-${type}-${status}`.toLowerCase(), conditions, taints: [...kept, ...added] };
}
