// An in-memory inventory of Nodes kept current by list + watch, the way client-go's reflector does it:
// list (paged), watch from the list's resourceVersion, re-watch when the server ends the stream,
// back off on errors, and relist from scratch when the resourceVersion has expired (410 Gone).
import type { NodeInfo } from '../core/types';
import { isNodeInfo, toNodeInfo } from '../inventory/files/nodeModel';
import { KubeApiError } from './kubeHttp';
import type { KubeHttp } from './kubeHttp';

export type WatchState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface NodeWatchOptions {
  http: KubeHttp;
  /** Deadline of each list page (default 30 s). */
  listTimeoutMs?: number;
  /** Deadline until a watch answers (default 10 s). */
  connectTimeoutMs?: number;
  /** Server-side length of one watch (default 5 to 10 minutes, randomised as the reflector does). */
  watchTimeoutSeconds?: number;
  /** Items per list page (default 500, client-go's pager size). */
  pageSize?: number;
  /** Reconnect backoff (default 800 ms doubling to 30 s, as the reflector). */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** Called after every change of the node set (list done, event applied). */
  onChange?(): void;
  /** Called when the state or the last error changes. */
  onStatus?(): void;
  log?(message: string): void;
  random?(): number;
}

export interface WatchStats {
  lists: number;
  relists: number;
  watches: number;
  events: number;
  errors: number;
}

interface WatchEvent {
  type?: string;
  object?: { metadata?: { name?: string; resourceVersion?: string }; code?: number; reason?: string; message?: string; kind?: string };
}

const NODES_PATH = '/api/v1/nodes';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolvePromise) => {
    if (signal.aborted) return resolvePromise();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolvePromise();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export class NodeWatcher {
  state: WatchState = 'connecting';
  /** The last error; cleared by the next successful list or watch. */
  lastError: KubeApiError | undefined;
  resourceVersion = '';
  /** Bumped on every change of the node set. */
  version = 0;
  readonly stats: WatchStats = { lists: 0, relists: 0, watches: 0, events: 0, errors: 0 };
  /** Resolves after the first successful list; rejects with the first list's error (the watcher keeps retrying). */
  readonly ready: Promise<void>;

  private readonly store = new Map<string, NodeInfo>();
  private sorted: NodeInfo[] | undefined;
  private readonly abort = new AbortController();
  private readyResolve!: () => void;
  private readyReject!: (e: unknown) => void;
  private readySettled = false;
  private loop: Promise<void> | undefined;

  constructor(private readonly opts: NodeWatchOptions) {
    this.ready = new Promise<void>((res, rej) => {
      this.readyResolve = res;
      this.readyReject = rej;
    });
    // A rejection nobody awaits must not crash the process.
    this.ready.catch(() => undefined);
  }

  /** Starts the list/watch loop (once). */
  start(): Promise<void> {
    if (!this.loop) this.loop = this.run();
    return this.ready;
  }

  /** Stops the loop and cancels any call in flight; resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.setState('stopped');
    if (!this.readySettled) {
      this.readySettled = true;
      this.readyReject(new KubeApiError('aborted', 'cluster inventory closed'));
    }
    await this.loop;
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** The current nodes, sorted by name (the array is reused until the next change). */
  nodes(): NodeInfo[] {
    if (!this.sorted) this.sorted = [...this.store.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return this.sorted;
  }

  get count(): number {
    return this.store.size;
  }

  private setState(s: WatchState): void {
    if (this.state === s) return;
    this.state = s;
    this.opts.onStatus?.();
  }

  private changed(): void {
    this.sorted = undefined;
    this.version++;
    this.opts.onChange?.();
  }

  // Port of Reflector.ListAndWatch (client-go/tools/cache/reflector.go).
  private async run(): Promise<void> {
    const signal = this.abort.signal;
    let needList = true;
    let failures = 0;
    const initial = this.opts.backoffInitialMs ?? 800;
    const max = this.opts.backoffMaxMs ?? 30_000;
    const random = this.opts.random ?? Math.random;
    while (!signal.aborted) {
      try {
        if (needList) {
          await this.list(signal);
          needList = false;
          this.lastError = undefined;
          this.setState('live');
          this.opts.onStatus?.();
          if (!this.readySettled) {
            this.readySettled = true;
            this.readyResolve();
          }
        }
        const started = Date.now();
        const events = await this.watchOnce(signal);
        // A stream that ends at once with nothing in it is a failure in disguise: do not spin on it.
        if (events === 0 && Date.now() - started < 1000) failures++;
        else failures = 0;
        if (failures > 0) await sleep(Math.min(max, initial * 2 ** (failures - 1)) * (1 + random() * 0.2), signal);
      } catch (e) {
        if (signal.aborted) break;
        const err = e instanceof KubeApiError ? e : new KubeApiError('protocol', (e as Error)?.message ?? String(e));
        if (err.kind === 'gone') {
          // The resourceVersion is too old: start again from a fresh list, without waiting.
          this.opts.log?.(`nodes: ${err.message}; relisting`);
          this.stats.relists++;
          needList = true;
          continue;
        }
        this.stats.errors++;
        this.lastError = err;
        this.opts.log?.(`nodes: ${err.message}`);
        if (!this.readySettled && needList) {
          this.readySettled = true;
          this.readyReject(err);
        }
        this.setState('reconnecting');
        this.opts.onStatus?.();
        failures++;
        await sleep(Math.min(max, initial * 2 ** (failures - 1)) * (1 + random() * 0.2), signal);
      }
    }
    this.setState('stopped');
  }

  private async list(signal: AbortSignal): Promise<void> {
    const pageSize = this.opts.pageSize ?? 500;
    const timeoutMs = this.opts.listTimeoutMs ?? 30_000;
    const fresh = new Map<string, NodeInfo>();
    let cont = '';
    let rv = '';
    let paged = pageSize > 0;
    this.stats.lists++;
    for (let page = 0; page < 100_000; page++) {
      const q = new URLSearchParams();
      if (paged) q.set('limit', String(pageSize));
      if (cont) q.set('continue', cont);
      const qs = q.toString();
      let body: unknown;
      try {
        body = await this.opts.http.getJson(NODES_PATH + (qs ? `?${qs}` : ''), { verb: 'list', resource: 'nodes', timeoutMs, signal });
      } catch (e) {
        // An expired continue token: list again in one piece, as the pager falls back to.
        if (e instanceof KubeApiError && e.kind === 'gone' && cont) {
          fresh.clear();
          cont = '';
          paged = false;
          continue;
        }
        throw e;
      }
      const list = body as { kind?: string; metadata?: { resourceVersion?: string; continue?: string }; items?: unknown[] };
      if (!list || !Array.isArray(list.items)) throw new KubeApiError('protocol', `${this.opts.http.server} answered list nodes without items`);
      for (const it of list.items) {
        const n = toNodeInfo(it);
        if (isNodeInfo(n)) fresh.set(n.name, n);
      }
      rv = list.metadata?.resourceVersion ?? rv;
      cont = list.metadata?.continue ?? '';
      if (!cont) break;
    }
    this.store.clear();
    for (const [k, v] of fresh) this.store.set(k, v);
    this.resourceVersion = rv;
    this.changed();
  }

  private async watchOnce(signal: AbortSignal): Promise<number> {
    const base = this.opts.watchTimeoutSeconds ?? Math.floor(300 * (1 + (this.opts.random ?? Math.random)()));
    const q = new URLSearchParams({ watch: '1', resourceVersion: this.resourceVersion, allowWatchBookmarks: 'true', timeoutSeconds: String(base) });
    this.stats.watches++;
    let events = 0;
    await this.opts.http.watch(`${NODES_PATH}?${q.toString()}`, {
      verb: 'watch',
      resource: 'nodes',
      connectTimeoutMs: this.opts.connectTimeoutMs ?? 10_000,
      // The server ends the watch after timeoutSeconds; silence well beyond that means a dead connection.
      idleTimeoutMs: (base + 30) * 1000,
      signal,
      onOpen: () => {
        // Connected again: the inventory is live (events since the last resourceVersion follow).
        if (this.lastError) {
          this.lastError = undefined;
          this.setState('live');
          this.opts.onStatus?.();
        }
      },
      onLine: (line) => {
        events++;
        this.apply(JSON.parse(line) as WatchEvent);
      },
    });
    return events;
  }

  private apply(ev: WatchEvent): void {
    const obj = ev.object;
    switch (ev.type) {
      case 'ADDED':
      case 'MODIFIED': {
        this.stats.events++;
        const n = toNodeInfo(obj);
        if (isNodeInfo(n)) this.store.set(n.name, n);
        break;
      }
      case 'DELETED': {
        this.stats.events++;
        const name = obj?.metadata?.name;
        if (typeof name === 'string') this.store.delete(name);
        break;
      }
      case 'BOOKMARK':
        if (obj?.metadata?.resourceVersion) this.resourceVersion = obj.metadata.resourceVersion;
        return;
      case 'ERROR': {
        // A Status object: 410 means the resourceVersion expired (relist); anything else ends this watch.
        const code = typeof obj?.code === 'number' ? obj.code : 0;
        const msg = typeof obj?.message === 'string' ? obj.message : 'watch error';
        if (code === 410) throw new KubeApiError('gone', `410 Gone: ${msg}`, 410);
        throw new KubeApiError(code === 403 ? 'forbidden' : code === 401 ? 'unauthorized' : 'http', `watch nodes: ${code || ''} ${msg}`.trim(), code || undefined);
      }
      default:
        throw new KubeApiError('protocol', `unknown watch event type ${String(ev.type)}`);
    }
    if (obj?.metadata?.resourceVersion) this.resourceVersion = obj.metadata.resourceVersion;
    this.changed();
  }
}

/** One list of the nodes (paged), for the CLI: no watch. */
export async function listNodesOnce(http: KubeHttp, opts: { timeoutMs?: number; pageSize?: number; signal?: AbortSignal } = {}): Promise<{ nodes: NodeInfo[]; raw: unknown[]; resourceVersion: string }> {
  const nodes: NodeInfo[] = [];
  const raw: unknown[] = [];
  let cont = '';
  let rv = '';
  for (let page = 0; page < 100_000; page++) {
    const q = new URLSearchParams({ limit: String(opts.pageSize ?? 500) });
    if (cont) q.set('continue', cont);
    const list = (await http.getJson(`${NODES_PATH}?${q.toString()}`, { verb: 'list', resource: 'nodes', timeoutMs: opts.timeoutMs ?? 30_000, ...(opts.signal ? { signal: opts.signal } : {}) })) as {
      metadata?: { resourceVersion?: string; continue?: string };
      items?: unknown[];
    };
    if (!list || !Array.isArray(list.items)) throw new KubeApiError('protocol', `${http.server} answered list nodes without items`);
    for (const it of list.items) {
      const n = toNodeInfo(it);
      if (isNodeInfo(n)) {
        nodes.push(n);
        raw.push(it);
      }
    }
    rv = list.metadata?.resourceVersion ?? rv;
    cont = list.metadata?.continue ?? '';
    if (!cont) break;
  }
  return { nodes, raw, resourceVersion: rv };
}
