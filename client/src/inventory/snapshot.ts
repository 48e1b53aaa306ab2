// The inventory snapshot file: a `kubectl get nodes -o json` shaped NodeList, which every inventory reader accepts.
import type { NodeDto } from '../../../server/src/protocol';

export function snapshotNodeList(nodes: readonly NodeDto[]): string {
  const items = nodes.map((n) => {
    const spec: Record<string, unknown> = {};
    if (n.taints.length) spec.taints = n.taints.map((t) => ({ key: t.key, ...(t.value !== undefined ? { value: t.value } : {}), effect: t.effect }));
    if (n.unschedulable) spec.unschedulable = true;
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: n.name, labels: { ...n.labels } },
      spec,
      // allocatable kept: without it the scheduler stage cannot check resources on the snapshot.
      status: {
        ...(n.allocatable ? { allocatable: { ...n.allocatable } } : {}),
        conditions: n.conditions.map((c) => ({ type: c.type, status: c.status })),
      },
    };
  });
  return JSON.stringify({ apiVersion: 'v1', kind: 'NodeList', items }, null, 2) + '\n';
}
