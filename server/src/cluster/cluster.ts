// The live cluster source: kubeconfig (kubectl's merge rules), client-node for credentials (loaded on
// first use only: it is ESM and heavy), a watched Node inventory, the watched pods of every namespace applied to the
// scheduler's per-node state, and the pods of a DaemonSet.
// Nothing on the default path imports this file's client-node code: the import below is dynamic.
import type * as https from 'node:https';
import type { LabelSelector, NodeInfo, Pod } from '../core/types';
import { KubeconfigError, defaultLoadingRules, listContexts, loadKubeconfig, readKubeconfigFile, resolveContext, secretsOf, singleContextConfig } from './kubeconfig';
import type { ContextSummary, FileReader, ResolvedContext } from './kubeconfig';
import { KubeApiError, createKubeHttp } from './kubeHttp';
import { Redactor, TokenFile, harvestRequestCredentials, pluginFailure } from './credentials';
import type { KubeHttp } from './kubeHttp';
import { NodeWatcher, listNodesOnce } from './watchNodes';
import type { NodeWatchOptions } from './watchNodes';
import { PodWatcher, listPodsOnce } from './watchPods';
import type { SchedPod } from '../core/scheduler/types';
import { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import { labelSelectorQuery } from '../core/selectorQuery';

type ClientNode = typeof import('@kubernetes/client-node');

let clientNodeModule: Promise<ClientNode> | undefined;
let clientNodeWasLoaded = false;

/** client-node, imported on first use. */
function loadClientNode(): Promise<ClientNode> {
  if (!clientNodeModule) {
    clientNodeWasLoaded = true;
    clientNodeModule = import('@kubernetes/client-node');
  }
  return clientNodeModule;
}

/** Whether this process has imported client-node (tests check that the default path never does). */
export function clientNodeLoaded(): boolean {
  return clientNodeWasLoaded;
}

export interface KubeconfigOptions {
  /** Context to use; default: the merged current-context. */
  context?: string;
  /** An explicit kubeconfig path (settings or --kubeconfig): the only file read. */
  kubeconfig?: string;
  /** KUBECONFIG value; default process.env.KUBECONFIG. */
  env?: string;
  home?: string;
  /** Whether the workspace is trusted. Untrusted: the kubeconfig is never read (it can run programs via exec plugins). */
  trusted: boolean;
  readFile?: FileReader;
}

export interface ClusterOptions extends KubeconfigOptions {
  /** Deadline for connecting and for each list call (default 15 s). */
  timeoutMs?: number;
  log?(message: string): void;
  /** Called after every change of the node set. */
  onChange?(): void;
  /** Called when the status (live, reconnecting, error) changes. */
  onStatus?(): void;
  /** Overrides for the watch loop (backoff, page size; tests). */
  watch?: Partial<Omit<NodeWatchOptions, 'http' | 'onChange' | 'onStatus' | 'log'>>;
}

function untrusted(): KubeconfigError {
  return new KubeconfigError('untrusted', 'the workspace is not trusted: the live cluster source is off (a kubeconfig can run programs through exec and auth-provider plugins)');
}

function loadMerged(opts: KubeconfigOptions) {
  if (!opts.trusted) throw untrusted();
  const rules = defaultLoadingRules({
    ...(opts.kubeconfig ? { explicitPath: opts.kubeconfig } : {}),
    env: opts.env ?? process.env.KUBECONFIG ?? '',
    ...(opts.home ? { home: opts.home } : {}),
  });
  return loadKubeconfig(rules, opts.readFile ?? readKubeconfigFile);
}

/** The contexts of the merged kubeconfig, for a picker (no credentials, no client-node). */
export function listKubeContexts(opts: KubeconfigOptions): { contexts: ContextSummary[]; current: string; files: string[] } {
  const cfg = loadMerged(opts);
  return { contexts: listContexts(cfg), current: cfg.currentContext, files: cfg.files };
}

export interface Connection {
  context: ResolvedContext;
  http: KubeHttp;
}

/** Resolves the context and builds an authenticated transport through client-node. */
export async function connect(opts: KubeconfigOptions): Promise<Connection> {
  const cfg = loadMerged(opts);
  const context = resolveContext(cfg, opts.context);
  const redactor = new Redactor();
  for (const secret of secretsOf(context.user)) redactor.add(secret);
  redactor.addBasic(context.user.username, context.user.password);
  // kubectl reads tokenFile itself (trimmed, re-read each minute); client-node would send its newline.
  const tokenPath = context.user.tokenFile;
  const tokenFile = typeof tokenPath === 'string' && tokenPath && !context.user.token ? new TokenFile(tokenPath) : undefined;
  const cn = await loadClientNode();
  const kc = new cn.KubeConfig();
  try {
    kc.loadFromString(singleContextConfig(context));
  } catch (e) {
    throw new KubeconfigError('bad-kubeconfig', `context "${context.contextName}": ${redactor.redact((e as Error).message)}`);
  }
  const http = createKubeHttp({
    server: context.server,
    redactor,
    requestOptions: async () => {
      const o: https.RequestOptions = {};
      // Reads CA and client certificates, runs exec / auth-provider plugins, sets the Authorization header.
      try {
        await kc.applyToHTTPSOptions(o);
      } catch (e) {
        throw context.usesPlugin ? pluginFailure(context.user, e) : e;
      }
      const headers = (o.headers ?? {}) as Record<string, unknown>;
      if (tokenFile && !headers.Authorization && !headers.authorization) {
        o.headers = { ...headers, Authorization: `Bearer ${tokenFile.token()}` } as https.RequestOptions['headers'];
      }
      // Whatever a plugin or a token file produced is a secret from now on.
      harvestRequestCredentials(o, redactor);
      return o;
    },
  });
  return { context, http };
}

/** One human line for any failure of the cluster source (never holds a credential). */
export function describeClusterError(e: unknown, http?: KubeHttp): string {
  const msg = e instanceof KubeconfigError || e instanceof KubeApiError ? e.message : `${(e as Error)?.message ?? String(e)}`;
  return http ? http.redact(msg) : msg.replace(/(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, '$1 [redacted]');
}

/** The kind a kubeconfig or API error carries (`unreachable`, `forbidden`, `no-kubeconfig`…). */
function errorKindOf(e: unknown): string | undefined {
  return e instanceof KubeconfigError || e instanceof KubeApiError ? e.kind : undefined;
}

export interface ClusterStatus {
  context: string;
  count: number;
  state: 'connecting' | 'live' | 'stale' | 'error' | 'closed';
  error?: string;
  /** The kind of KubeApiError or KubeconfigError behind `error`, when known. */
  errorKind?: string;
  /** `cluster: <context> · N nodes · live` or the error (with `· pods unknown (…)` when pods cannot be read). */
  text: string;
  /** Pods held for the scheduler's filters. */
  pods: number;
  /** Why the pods are unknown (listing or watching them failed, e.g. 403): the filters then see empty nodes. */
  podsError?: string;
  podsErrorKind?: string;
}

/** A watched cluster inventory. Open with `ClusterInventory.open`, then await `ready`. */
export class ClusterInventory {
  private watcher: NodeWatcher | undefined;
  private podWatcher: PodWatcher | undefined;
  /** The scheduler's per-node state: node and pod events update it in place (never rebuilt per event). */
  readonly scheduling = new ClusterNodeInfos();
  private conn: Connection | undefined;
  private failure: string | undefined;
  private failureKind: string | undefined;
  private closed = false;
  /** Resolves after the first list; rejects with the first failure (kubeconfig, connect, list). */
  readonly ready: Promise<void>;

  private constructor(readonly opts: ClusterOptions) {
    this.ready = this.begin();
    this.ready.catch(() => undefined);
  }

  static open(opts: ClusterOptions): ClusterInventory {
    return new ClusterInventory(opts);
  }

  private async begin(): Promise<void> {
    try {
      this.conn = await connect(this.opts);
    } catch (e) {
      this.failure = describeClusterError(e);
      this.failureKind = errorKindOf(e);
      this.opts.onStatus?.();
      throw new Error(this.failure);
    }
    if (this.closed) throw new KubeApiError('aborted', 'cluster inventory closed');
    const timeout = this.opts.timeoutMs ?? 15_000;
    const common = {
      http: this.conn.http,
      listTimeoutMs: timeout,
      connectTimeoutMs: timeout,
      ...this.opts.watch,
      onChange: () => this.opts.onChange?.(),
      onStatus: () => this.opts.onStatus?.(),
      log: (m: string) => this.opts.log?.(this.conn ? this.conn.http.redact(m) : m),
    };
    const scheduling = this.scheduling;
    this.watcher = new NodeWatcher({
      ...common,
      onNode: (n) => scheduling.setNode(n),
      onNodeRemoved: (name) => scheduling.removeNode(name),
    });
    try {
      await this.watcher.start();
    } catch (e) {
      throw new Error(describeClusterError(e, this.conn.http));
    }
    if (this.closed) return;
    this.podWatcher = new PodWatcher({
      ...common,
      onPod: (p) => scheduling.upsertPod(p),
      onPodRemoved: (key) => scheduling.removePod(key),
    });
    // The first analyses should see the pods; a failure (403) leaves the pods unknown, not the inventory.
    await this.podWatcher.start().catch(() => undefined);
  }

  get contextName(): string {
    return this.conn?.context.contextName ?? this.opts.context ?? '';
  }

  get namespace(): string {
    return this.conn?.context.namespace ?? 'default';
  }

  /** Nodes of the last successful list plus the events since (empty before the first list). */
  nodes(): NodeInfo[] {
    return this.watcher?.nodes() ?? [];
  }

  /** Bumped on every change of the node set. */
  get version(): number {
    return this.watcher?.version ?? 0;
  }

  get stats() {
    return this.watcher?.stats;
  }

  status(): ClusterStatus {
    const s = this.nodeStatus();
    const pw = this.podWatcher;
    if (!pw || (s.state !== 'live' && s.state !== 'stale')) return s;
    s.pods = pw.count;
    if (pw.lastError) {
      s.podsError = describeClusterError(pw.lastError, this.conn?.http);
      s.podsErrorKind = pw.lastError.kind;
      s.text += ` · pods unknown (${s.podsError})`;
    }
    return s;
  }

  private nodeStatus(): ClusterStatus {
    const ctx = this.contextName || '(current context)';
    const count = this.watcher?.count ?? 0;
    const base = { context: ctx, pods: 0 };
    if (this.closed) return { ...base, count, state: 'closed', text: `cluster: ${ctx} · closed` };
    if (this.failure) {
      const kind = this.failureKind ? { errorKind: this.failureKind } : {};
      return { ...base, count: 0, state: 'error', error: this.failure, ...kind, text: `cluster: ${ctx} · ${this.failure}` };
    }
    const w = this.watcher;
    if (!w || (w.state === 'connecting' && !w.lastError)) return { ...base, count, state: 'connecting', text: `cluster: ${ctx} · connecting…` };
    if (w.lastError) {
      const error = describeClusterError(w.lastError, this.conn?.http);
      const errorKind = w.lastError.kind;
      // Nodes from an earlier list stay in use, marked stale; with none, it is an error.
      if (w.stats.lists > 0 && w.version > 0) return { ...base, count, state: 'stale', error, errorKind, text: `cluster: ${ctx} · ${count} nodes · stale (${error})` };
      return { ...base, count: 0, state: 'error', error, errorKind, text: `cluster: ${ctx} · ${error}` };
    }
    return { ...base, count, state: 'live', text: `cluster: ${ctx} · ${count} node${count === 1 ? '' : 's'} · live` };
  }

  /** Statistics of the pods' list/watch loop (undefined before the nodes were listed). */
  get podStats() {
    return this.podWatcher?.stats;
  }

  /** Pods of a DaemonSet: those in its namespace matching its selector (one list call). */
  async listPods(namespace: string, selector: LabelSelector | undefined): Promise<Pod[]> {
    await this.ready;
    return listPodsWith(this.conn!.http, namespace, selector, this.opts.timeoutMs ?? 15_000);
  }

  /** Stops the watch and cancels calls in flight. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.watcher?.stop(), this.podWatcher?.stop()]);
  }
}

async function listPodsWith(http: KubeHttp, namespace: string, selector: LabelSelector | undefined, timeoutMs: number, signal?: AbortSignal): Promise<Pod[]> {
  const q = labelSelectorQuery(selector);
  if (q === null) return [];
  const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods${q ? `?labelSelector=${encodeURIComponent(q)}` : ''}`;
  const body = (await http.getJson(path, { verb: 'list', resource: 'pods', namespace, timeoutMs, ...(signal ? { signal } : {}) })) as { items?: unknown[] };
  if (!body || !Array.isArray(body.items)) throw new KubeApiError('protocol', `${http.server} answered list pods without items`);
  return body.items.filter((p): p is Pod => !!p && typeof p === 'object').map((p) => ({ kind: 'Pod', ...p }));
}

export interface ClusterSnapshot {
  context: string;
  namespace: string;
  server: string;
  nodes: NodeInfo[];
  /** The Node objects as listed (for snapshots that keep only what the model needs). */
  raw: unknown[];
  /** Lists the pods of a DaemonSet in this cluster. */
  listPods(namespace: string, selector: LabelSelector | undefined): Promise<Pod[]>;
  /** Lists the pods of every namespace, reduced to what the Filter plugins read; a refusal (403) is data, not a throw. */
  listAllPods(): Promise<ClusterPods>;
}

/** The pods of every namespace, or why they are unknown (the message never holds a credential). */
export type ClusterPods = { pods: SchedPod[] } | { error: string; errorKind?: string };

/** One list of the nodes (no watch), for the CLI. Throws an Error whose message is fit for the terminal. */
export async function fetchClusterNodes(opts: KubeconfigOptions & { timeoutMs?: number }): Promise<ClusterSnapshot> {
  let conn: Connection | undefined;
  try {
    conn = await connect(opts);
    const timeoutMs = opts.timeoutMs ?? 15_000;
    const { nodes, raw } = await listNodesOnce(conn.http, { timeoutMs });
    const http = conn.http;
    return {
      context: conn.context.contextName,
      namespace: conn.context.namespace,
      server: conn.context.server,
      nodes,
      raw,
      listPods: async (ns, sel) => {
        try {
          return await listPodsWith(http, ns, sel, timeoutMs);
        } catch (e) {
          throw new Error(describeClusterError(e, http));
        }
      },
      listAllPods: async () => {
        try {
          return { pods: await listPodsOnce(http, { timeoutMs }) };
        } catch (e) {
          const kind = errorKindOf(e);
          return { error: describeClusterError(e, http), ...(kind ? { errorKind: kind } : {}) };
        }
      },
    };
  } catch (e) {
    throw new Error(describeClusterError(e, conn?.http));
  }
}

export { KubeconfigError, KubeApiError };
export type { ContextSummary };
