// The pods of every namespace, kept current by list + watch (reflector.ts) and reduced on arrival to what the
// scheduler's Filter plugins read (inventory/files/podModel.ts): each pod added, changed or deleted is applied to the
// per-node state at once, so requested resources and host ports follow the cluster without a rebuild.
import { podKey } from '../core/scheduler/nodeInfo';
import type { SchedPod } from '../core/scheduler/types';
import { toSchedPod } from '../inventory/files/podModel';
import { Reflector, forwardChanges, listAll } from './reflector';
import type { KubeHttp } from './kubeHttp';
import type { ReflectorOptions } from './reflector';

export interface PodWatchOptions extends ReflectorOptions {
  /** Called with each pod listed, added or changed, and with the key of each pod gone. */
  onPod?(pod: SchedPod): void;
  onPodRemoved?(key: string): void;
}

// Cluster scope: one list and one watch for all namespaces, as the scheduler's informer does.
const PODS_PATH = '/api/v1/pods';

function convertPod(obj: unknown): { key: string; value: SchedPod } | undefined {
  const p = toSchedPod(obj);
  return 'error' in p ? undefined : { key: podKey(p), value: p };
}

export class PodWatcher extends Reflector<SchedPod> {
  constructor(opts: PodWatchOptions) {
    super(opts, {
      path: PODS_PATH,
      resource: 'pods',
      convert: convertPod,
      ...forwardChanges(opts.onPod, opts.onPodRemoved),
    });
  }

  /** The pods held (scheduler view), in no particular order. */
  pods(): IterableIterator<SchedPod> {
    return this.store.values();
  }
}

/** One list of the pods of every namespace (paged, reduced as they arrive), for the CLI: no watch. */
export async function listPodsOnce(
  http: KubeHttp,
  opts: { timeoutMs?: number; pageSize?: number; signal?: AbortSignal } = {},
): Promise<SchedPod[]> {
  const { items } = await listAll(http, { path: PODS_PATH, resource: 'pods', convert: convertPod }, {
    pageSize: opts.pageSize ?? 500,
    timeoutMs: opts.timeoutMs ?? 30_000,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return [...items.values()];
}
