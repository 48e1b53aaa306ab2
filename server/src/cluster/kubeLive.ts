// The language server's handle on a live cluster: one watched inventory at a time (a new context or
// kubeconfig closes the old one, cancelling its calls), changes coalesced before they reach the editor,
// and the last good nodes kept, marked stale, when the cluster fails. cluster.ts (and client-node with it)
// is imported only when the cluster source is chosen.
import type { LabelSelector, NodeInfo, Pod } from '../core/types';
import type { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import type { ClusterInventory, ContextSummary } from './cluster';

export interface LiveRequest {
  context?: string;
  kubeconfig?: string;
  trusted: boolean;
  timeoutMs?: number;
  log?(message: string): void;
}

export interface LiveState {
  /** Nodes to use: live, or the last good ones (stale), or none. */
  nodes: NodeInfo[];
  /** The context name (status bar detail). */
  context: string;
  /** `cluster: <context> · N nodes · live`, a stale mark, or the error. */
  status: string;
  live: boolean;
  stale: boolean;
  error?: string;
  /** The kind of the error (`unreachable`, `forbidden`, `no-kubeconfig`…), when known. */
  errorKind?: string;
  /** The scheduler's per-node state of these nodes and the pods on them, updated in place by watch events. */
  scheduling?: ClusterNodeInfos;
  /** Pods held, and why none are when they cannot be read (the filters then see empty nodes). */
  pods?: number;
  podsError?: string;
}

// The path names the folder so the build can keep cluster.ts (and client-node) in its own bundle.
type ClusterModule = typeof import('./cluster');

export class LiveCluster {
  private inv: ClusterInventory | undefined;
  private key = '';
  private lastGood: NodeInfo[] | undefined;
  private lastGoodScheduling: ClusterNodeInfos | undefined;
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param onUpdate called (coalesced over `debounceMs`) after the node set or the status changed
   */
  constructor(private readonly onUpdate: (s: LiveState) => void, private readonly debounceMs = 100, private readonly load: () => Promise<ClusterModule> = () => import('./cluster.js')) {}

  /** Opens (or keeps) the inventory for this request and waits for its first list. */
  async open(req: LiveRequest): Promise<LiveState> {
    const key = JSON.stringify([req.context ?? '', req.kubeconfig ?? '', req.trusted]);
    if (this.inv && key === this.key) {
      await this.inv.ready.catch(() => undefined);
      return this.state();
    }
    await this.close();
    // Another context's nodes are no fallback for this one.
    this.lastGood = undefined;
    this.lastGoodScheduling = undefined;
    this.key = key;
    const mod = await this.load();
    const inv = mod.ClusterInventory.open({
      trusted: req.trusted,
      ...(req.context ? { context: req.context } : {}),
      ...(req.kubeconfig ? { kubeconfig: req.kubeconfig } : {}),
      ...(req.timeoutMs ? { timeoutMs: req.timeoutMs } : {}),
      ...(req.log ? { log: req.log } : {}),
      onChange: () => this.schedule(inv),
      onStatus: () => this.schedule(inv),
    });
    this.inv = inv;
    await inv.ready.catch(() => undefined);
    return this.state();
  }

  private schedule(inv: ClusterInventory): void {
    if (inv !== this.inv || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (inv === this.inv) this.onUpdate(this.state());
    }, this.debounceMs);
  }

  /** The current state (what the status bar and the analyses use). */
  state(): LiveState {
    const inv = this.inv;
    if (!inv) return { nodes: [], context: '', status: 'cluster: off', live: false, stale: false };
    const s = inv.status();
    if (s.state === 'live') {
      this.lastGood = inv.nodes();
      this.lastGoodScheduling = inv.scheduling;
    }
    const base = {
      context: s.context, status: s.text, ...(s.errorKind ? { errorKind: s.errorKind } : {}),
      ...(s.podsError ? { podsError: s.podsError } : {}),
    };
    const sched = { scheduling: inv.scheduling, pods: s.pods };
    if (s.state === 'live') return { ...base, ...sched, nodes: this.lastGood!, live: true, stale: false };
    if (s.state === 'stale') return { ...base, ...sched, nodes: inv.nodes(), live: false, stale: true, ...(s.error ? { error: s.error } : {}) };
    // Failed before any list: the last good inventory of an earlier connection, if any, marked stale.
    if (this.lastGood) {
      return {
        ...base, status: `cluster: ${s.context} · ${this.lastGood.length} nodes · stale (${s.error ?? s.state})`,
        nodes: this.lastGood, live: false, stale: true, ...(s.error ? { error: s.error } : {}),
        ...(this.lastGoodScheduling ? { scheduling: this.lastGoodScheduling } : {}),
      };
    }
    return { ...base, nodes: [], live: false, stale: false, error: s.error ?? s.text };
  }

  /** Pods of a DaemonSet on the open cluster (by selector, in a namespace); undefined when no cluster is open. */
  async listPods(namespace: string, selector: LabelSelector | undefined): Promise<Pod[] | undefined> {
    return this.inv ? this.inv.listPods(namespace, selector) : undefined;
  }

  /** Contexts of the kubeconfig for a picker. */
  async contexts(req: Pick<LiveRequest, 'kubeconfig' | 'trusted'>): Promise<{ contexts: ContextSummary[]; current: string; files: string[] }> {
    const mod = await this.load();
    return mod.listKubeContexts({ trusted: req.trusted, ...(req.kubeconfig ? { kubeconfig: req.kubeconfig } : {}) });
  }

  /** Stops the watch and cancels its calls (source or context switched away, or shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const inv = this.inv;
    this.inv = undefined;
    this.key = '';
    await inv?.close();
  }
}
