// An in-memory copy of one kind of object kept current by list + watch, the way client-go's reflector does it:
// list (paged), watch from the list's resourceVersion, re-watch when the server ends the stream, back off on errors,
// and relist from scratch when the resourceVersion has expired (410 Gone). watchNodes.ts and watchPods.ts give it
// the path, the conversion of an object, and what to update beside the store on each change.
import { KubeApiError } from './kubeHttp';
import type { KubeHttp } from './kubeHttp';

export type WatchState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

/** The knobs of a list/watch loop (tests shorten them). */
export interface WatchTuning {
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
  random?(): number;
}

export interface ReflectorOptions extends WatchTuning {
  http: KubeHttp;
  /** Called after every change of the store (list done, event applied). */
  onChange?(): void;
  /** Called when the state or the last error changes. */
  onStatus?(): void;
  log?(message: string): void;
}

/** What a reflector needs to know about its kind. */
export interface ReflectedKind<T> {
  /** Collection path (`/api/v1/nodes`, `/api/v1/pods`), and the resource name as RBAC spells it. */
  path: string;
  resource: string;
  /** The object as stored, with its key; undefined to skip it. */
  convert(obj: unknown): { key: string; value: T } | undefined;
  /** After a full list replaced the store (`previous` is the store before it). */
  replaced?(store: ReadonlyMap<string, T>, previous: ReadonlyMap<string, T>): void;
  upserted?(key: string, value: T): void;
  deleted?(key: string, previous: T): void;
}

/** The change hooks that forward every change of the store to a set / remove pair (state derived from it). */
export function forwardChanges<T>(
  set: ((value: T) => void) | undefined,
  remove: ((key: string) => void) | undefined,
): Pick<ReflectedKind<T>, 'replaced' | 'upserted' | 'deleted'> {
  return {
    replaced: (store, previous) => {
      for (const key of previous.keys()) if (!store.has(key)) remove?.(key);
      for (const v of store.values()) set?.(v);
    },
    upserted: (_key, v) => set?.(v),
    deleted: (key) => remove?.(key),
  };
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
  object?: {
    metadata?: { name?: string; resourceVersion?: string };
    code?: number;
    reason?: string;
    message?: string;
    kind?: string;
  };
}

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

/** Options of one paged list. */
export interface ListOptions {
  /** Items per page (0: one request). */
  pageSize: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Lists a whole collection, page by page (client-go's pager), converting each item on arrival so only the kept
 * fields stay in memory. An expired continue token lists again in one piece, as the pager falls back to.
 * Shared by the reflector (its list step) and the CLI's one-shot lists.
 */
export async function listAll<T>(
  http: KubeHttp,
  kind: Pick<ReflectedKind<T>, 'path' | 'resource' | 'convert'>,
  opts: ListOptions,
): Promise<{ items: Map<string, T>; resourceVersion: string }> {
  const { path, resource, convert } = kind;
  const items = new Map<string, T>();
  let cont = '';
  let rv = '';
  let paged = opts.pageSize > 0;
  for (let page = 0; page < 100_000; page++) {
    const q = new URLSearchParams();
    if (paged) q.set('limit', String(opts.pageSize));
    if (cont) q.set('continue', cont);
    const qs = q.toString();
    let body: unknown;
    try {
      const signal = opts.signal ? { signal: opts.signal } : {};
      body = await http.getJson(path + (qs ? `?${qs}` : ''), { verb: 'list', resource, timeoutMs: opts.timeoutMs, ...signal });
    } catch (e) {
      if (e instanceof KubeApiError && e.kind === 'gone' && cont) {
        items.clear();
        cont = '';
        paged = false;
        continue;
      }
      throw e;
    }
    const list = body as { metadata?: { resourceVersion?: string; continue?: string }; items?: unknown[] };
    if (!list || !Array.isArray(list.items)) throw new KubeApiError('protocol', `${http.server} answered list ${resource} without items`);
    for (const it of list.items) {
      const c = convert(it);
      if (c) items.set(c.key, c.value);
    }
    rv = list.metadata?.resourceVersion ?? rv;
    cont = list.metadata?.continue ?? '';
    if (!cont) break;
  }
  return { items, resourceVersion: rv };
}

export class Reflector<T> {
  state: WatchState = 'connecting';
  /** The last error; cleared by the next successful list or watch. */
  lastError: KubeApiError | undefined;
  resourceVersion = '';
  /** Bumped on every change of the store. */
  version = 0;
  readonly stats: WatchStats = { lists: 0, relists: 0, watches: 0, events: 0, errors: 0 };
  /** Resolves after the first successful list; rejects with the first list's error (the loop keeps retrying). */
  readonly ready: Promise<void>;

  protected store = new Map<string, T>();
  private readonly abort = new AbortController();
  private readyResolve!: () => void;
  private readyReject!: (e: unknown) => void;
  private readySettled = false;
  private loop: Promise<void> | undefined;

  constructor(
    protected readonly opts: ReflectorOptions,
    private readonly kind: ReflectedKind<T>,
  ) {
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

  get count(): number {
    return this.store.size;
  }

  private setState(s: WatchState): void {
    if (this.state === s) return;
    this.state = s;
    this.opts.onStatus?.();
  }

  protected changed(): void {
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
    const resource = this.kind.resource;
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
          this.opts.log?.(`${resource}: ${err.message}; relisting`);
          this.stats.relists++;
          needList = true;
          continue;
        }
        this.stats.errors++;
        this.lastError = err;
        this.opts.log?.(`${resource}: ${err.message}`);
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
    this.stats.lists++;
    const { items, resourceVersion } = await listAll(this.opts.http, this.kind, {
      pageSize: this.opts.pageSize ?? 500,
      timeoutMs: this.opts.listTimeoutMs ?? 30_000,
      signal,
    });
    const previous = this.store;
    this.store = items;
    this.resourceVersion = resourceVersion;
    this.kind.replaced?.(items, previous);
    this.changed();
  }

  private async watchOnce(signal: AbortSignal): Promise<number> {
    const { path, resource } = this.kind;
    const base = this.opts.watchTimeoutSeconds ?? Math.floor(300 * (1 + (this.opts.random ?? Math.random)()));
    const q = new URLSearchParams({
      watch: '1',
      resourceVersion: this.resourceVersion,
      allowWatchBookmarks: 'true',
      timeoutSeconds: String(base),
    });
    this.stats.watches++;
    let events = 0;
    await this.opts.http.watch(`${path}?${q.toString()}`, {
      verb: 'watch',
      resource,
      connectTimeoutMs: this.opts.connectTimeoutMs ?? 10_000,
      // The server ends the watch after timeoutSeconds; silence well beyond that means a dead connection.
      idleTimeoutMs: (base + 30) * 1000,
      signal,
      onOpen: () => {
        // Connected again: the copy is live (events since the last resourceVersion follow).
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
        const c = this.kind.convert(obj);
        if (c) {
          this.store.set(c.key, c.value);
          this.kind.upserted?.(c.key, c.value);
        }
        break;
      }
      case 'DELETED': {
        this.stats.events++;
        const key = this.kind.convert(obj)?.key;
        const previous = key === undefined ? undefined : this.store.get(key);
        if (key !== undefined && previous !== undefined) {
          this.store.delete(key);
          this.kind.deleted?.(key, previous);
        }
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
        const kind = code === 403 ? 'forbidden' : code === 401 ? 'unauthorized' : 'http';
        throw new KubeApiError(kind, `watch ${this.kind.resource}: ${code || ''} ${msg}`.trim(), code || undefined);
      }
      default:
        throw new KubeApiError('protocol', `unknown watch event type ${String(ev.type)}`);
    }
    if (obj?.metadata?.resourceVersion) this.resourceVersion = obj.metadata.resourceVersion;
    this.changed();
  }
}
