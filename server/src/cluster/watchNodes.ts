// An in-memory inventory of Nodes kept current by list + watch (reflector.ts), sorted by name for the analyses;
// each change can also be applied to the scheduler's per-node state.
import type { SchedNode } from '../core/scheduler/types';
import { isNodeInfo, toNodeInfo } from '../inventory/files/nodeModel';
import type { KubeHttp } from './kubeHttp';
import { Reflector, forwardChanges, listAll } from './reflector';
import type { ReflectorOptions } from './reflector';

export type { WatchState, WatchStats } from './reflector';

export interface NodeWatchOptions extends ReflectorOptions {
  /** Called with each node set or changed, and each node name removed (the scheduler's state follows). */
  onNode?(node: SchedNode): void;
  onNodeRemoved?(name: string): void;
}

const NODES_PATH = '/api/v1/nodes';

function convertNode(obj: unknown): { key: string; value: SchedNode } | undefined {
  const n = toNodeInfo(obj);
  return isNodeInfo(n) ? { key: n.name, value: n } : undefined;
}

export class NodeWatcher extends Reflector<SchedNode> {
  private sorted: SchedNode[] | undefined;

  constructor(opts: NodeWatchOptions) {
    super(opts, {
      path: NODES_PATH,
      resource: 'nodes',
      convert: convertNode,
      ...forwardChanges(opts.onNode, opts.onNodeRemoved),
    });
  }

  protected override changed(): void {
    this.sorted = undefined;
    super.changed();
  }

  /** The current nodes, sorted by name (the array is reused until the next change). */
  nodes(): SchedNode[] {
    if (!this.sorted) this.sorted = [...this.store.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return this.sorted;
  }
}

/** One list of the nodes (paged), for the CLI: no watch. */
export async function listNodesOnce(http: KubeHttp, opts: { timeoutMs?: number; pageSize?: number; signal?: AbortSignal } = {}): Promise<{ nodes: SchedNode[]; raw: unknown[]; resourceVersion: string }> {
  const convert = (obj: unknown) => {
    const c = convertNode(obj);
    return c && { key: c.key, value: { node: c.value, raw: obj } };
  };
  const { items, resourceVersion } = await listAll(http, { path: NODES_PATH, resource: 'nodes', convert }, {
    pageSize: opts.pageSize ?? 500,
    timeoutMs: opts.timeoutMs ?? 30_000,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const kept = [...items.values()];
  return { nodes: kept.map((k) => k.node), raw: kept.map((k) => k.raw), resourceVersion };
}
