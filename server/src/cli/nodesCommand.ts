// `kce nodes`: snapshot a cluster's nodes as a kubectl-style List that `--nodes` reads back, keeping only
// what placement and the scheduler stage need (labels, taints, unschedulable, condition types and statuses,
// allocatable): no status noise, no secrets.
// Also the cluster inventory for simulate / plan / rollout given --context / --kubeconfig.
import { stringify } from 'yaml';
import type { NodeInfo } from '../core/types';
import type { SchedNode } from '../core/scheduler/types';
import type { ClusterSnapshot } from '../cluster/cluster';
import type { IO } from './commands';
import type { Inventory } from './inputs';
import { InputError } from './inputs';

export interface ClusterFlags {
  context?: string;
  kubeconfig?: string;
  timeoutMs?: number;
}

/** A Node object holding only the model's fields, in kubectl's shape. */
export function snapshotNode(n: NodeInfo): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  if (n.taints.length) spec.taints = n.taints.map((t) => ({ key: t.key, ...(t.value !== undefined ? { value: t.value } : {}), effect: t.effect, ...(t.timeAdded ? { timeAdded: t.timeAdded } : {}) }));
  if (n.unschedulable) spec.unschedulable = true;
  const node: Record<string, unknown> = { apiVersion: 'v1', kind: 'Node', metadata: { name: n.name, ...(Object.keys(n.labels).length ? { labels: n.labels } : {}) } };
  if (Object.keys(spec).length) node.spec = spec;
  const status: Record<string, unknown> = {};
  const allocatable = (n as SchedNode).allocatable;
  if (allocatable) status.allocatable = { ...allocatable };
  if (n.conditions.length) status.conditions = n.conditions.map((c) => ({ type: c.type, status: c.status }));
  if (Object.keys(status).length) node.status = status;
  return node;
}

export function snapshotList(nodes: readonly NodeInfo[]): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items: nodes.map(snapshotNode) };
}

/** Lists the cluster's nodes once. client-node is imported here, on demand, never on the default path. */
export async function loadClusterSnapshot(flags: ClusterFlags): Promise<ClusterSnapshot> {
  const { fetchClusterNodes } = await import('../cluster/cluster.js');
  try {
    return await fetchClusterNodes({
      ...(flags.context ? { context: flags.context } : {}),
      ...(flags.kubeconfig ? { kubeconfig: flags.kubeconfig } : {}),
      // A command the user runs in their own terminal acts with their trust, as kubectl does.
      trusted: true,
      timeoutMs: flags.timeoutMs ?? 15_000,
    });
  } catch (e) {
    throw new InputError((e as Error).message);
  }
}

export function clusterInventory(snap: ClusterSnapshot): Inventory {
  return { source: 'cluster', label: `cluster ${snap.context}`, nodes: snap.nodes, warnings: [] };
}

export async function runNodes(flags: ClusterFlags & { format: 'yaml' | 'json' }, io: IO): Promise<number> {
  const snap = await loadClusterSnapshot(flags);
  const list = snapshotList(snap.nodes);
  io.stdout(flags.format === 'json' ? JSON.stringify(list, null, 2) + '\n' : stringify(list, { lineWidth: 0 }));
  io.stderr(`kce: ${snap.nodes.length} node${snap.nodes.length === 1 ? '' : 's'} from context ${snap.context}\n`);
  return 0;
}
