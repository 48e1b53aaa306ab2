// Which node inventory is in use: a live cluster, a nodes file from settings, a nodes file found in the
// workspace, or the embedded sample cluster, in that order. Reading files and globbing belong to the caller.
// A source also carries the pods on its nodes (the sample's, those in the nodes file, or a pods file) and the
// scheduler's per-node state built from both once; whoever watches the source updates that state event by event.
import { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import type { Pod } from '../core/types';
import type { SchedNode, SchedPod } from '../core/scheduler/types';
import { nodesFromParsed, parseObjectsText } from './files/loadNodes';
import type { LoadError } from './files/loadNodes';
import { mayBelongToDaemonSet, podsFromParsed, schedPodsFromParsed } from './files/loadPods';
import { loadPodsFileOffThread, type OffThreadOptions, type OffThreadResult } from './files/podsLoader';
import { sampleClusterNodes, sampleClusterPods, sampleClusterWholePods } from './files/sampleCluster';

export interface InventorySource {
  kind: 'sample' | 'file' | 'cluster';
  /** What the status bar shows: "sample cluster", a file name, or a kube context name. */
  label: string;
  nodes: SchedNode[];
  loadedAt: number;
  errors: LoadError[];
  /** The file the nodes came from (kind 'file'). */
  path?: string;
  /** The pods bound to the nodes, as the scheduler reads them (empty when the source has none). */
  pods: SchedPod[];
  /** Where the pods came from, when not from the source itself (a pods file). */
  podsPath?: string;
  /** Per-node usage of `nodes` by `pods`, built once (core/scheduler/nodeInfo.ts). */
  scheduling: ClusterNodeInfos;
  /**
   * The source's own pods, whole, that a DaemonSet may own (loadPods.ts mayBelongToDaemonSet): what a plan starts
   * from on the sample cluster or a nodes file. Absent for a live cluster (listed per DaemonSet) and when a pods
   * file replaced the source's pods (read reduced, for the scheduler only).
   */
  ownerPods?: Pod[];
}

/** The scheduler's per-node state of a node list and the pods bound to it. */
export function buildScheduling(nodes: readonly SchedNode[], pods: readonly SchedPod[]): ClusterNodeInfos {
  const infos = new ClusterNodeInfos();
  for (const n of nodes) infos.setNode(n);
  for (const p of pods) infos.upsertPod(p);
  return infos;
}

/**
 * The pods of a pods file (`kubectl get pods -A -o yaml|json`, any size, see podsFile.ts) read in worker threads,
 * and the per-node state of `nodes` with them: this thread only adds each batch of pods to it as the batch arrives,
 * so a language server answers requests while a big file loads (the CLI reads `--pods` the same way). `nodes` may be
 * a function that reads them: it is called once the workers have started, so a nodes file is parsed while they
 * read (should it throw, the workers are stopped and the error thrown).
 */
export async function loadPodsFileIntoState(
  nodes: readonly SchedNode[] | (() => readonly SchedNode[]),
  path: string,
  opts: Omit<OffThreadOptions, 'onBatch' | 'onRestart' | 'signal'> = {},
): Promise<{ pods: SchedPod[]; scheduling: ClusterNodeInfos; result: OffThreadResult }> {
  let list: readonly SchedNode[] = [];
  // Set once the nodes are read, before any batch: batches are only handed on from a later turn of the event loop.
  let scheduling!: ClusterNodeInfos;
  let pods: SchedPod[] = [];
  const stop = new AbortController();
  const loading = loadPodsFileOffThread(path, {
    ...opts,
    signal: stop.signal,
    onBatch: (batch, templates) => {
      for (let i = 0; i < batch.length; i++) {
        const p = batch[i]!;
        scheduling.upsertPod(p, templates?.[i]);
        pods.push(p);
      }
    },
    onRestart: () => {
      scheduling = buildScheduling(list, []);
      pods = [];
    },
  });
  try {
    list = typeof nodes === 'function' ? nodes() : nodes;
  } catch (e) {
    stop.abort();
    await loading;
    throw e;
  }
  scheduling = buildScheduling(list, []);
  const result = await loading;
  return { pods, scheduling, result };
}

/**
 * The same source with the pods of a pods file instead of its own (loadPodsFileIntoState). `source` may be a
 * function that reads it, called once the pods file's workers have started.
 */
export async function withPodsFileOffThread(
  source: InventorySource | (() => InventorySource),
  path: string,
  maxBytes?: number,
): Promise<{ source: InventorySource; unreadable?: string }> {
  const opts = maxBytes !== undefined ? { maxBytes } : {};
  let src: InventorySource | undefined;
  const nodes = () => (src ??= typeof source === 'function' ? source() : source).nodes;
  const { pods, scheduling, result: r } = await loadPodsFileIntoState(nodes, path, opts);
  if (r.unreadable) return { source: src!, unreadable: r.unreadable };
  return { source: withLoadedPods(src!, path, pods, r.errors, scheduling) };
}

function withLoadedPods(
  src: InventorySource,
  path: string,
  pods: SchedPod[],
  podErrors: LoadError[],
  scheduling: ClusterNodeInfos,
): InventorySource {
  const errors = [...src.errors, ...podErrors];
  if (pods.length === 0 && podErrors.length === 0) {
    const expected = 'expected the output of kubectl get pods -A -o yaml or -o json';
    errors.push({ message: `${path}: no Pod objects found (${expected})` });
  }
  const { ownerPods: _replaced, ...rest } = src;
  return { ...rest, errors, pods, podsPath: path, scheduling };
}

const ownedByDaemonSetOrNone = (p: Pod) => mayBelongToDaemonSet(p as unknown as Record<string, unknown>);

export interface CandidateFile {
  path: string;
  text: string;
}

export function sampleSource(now = Date.now()): InventorySource {
  const nodes = sampleClusterNodes();
  const whole = sampleClusterWholePods();
  const pods = sampleClusterPods(whole);
  const ownerPods = whole.filter(ownedByDaemonSetOrNone);
  return {
    kind: 'sample', label: 'sample cluster', nodes, loadedAt: now, errors: [], pods, scheduling: buildScheduling(nodes, pods), ownerPods,
  };
}

/** A nodes file; Pods in it too (`kubectl get nodes,pods -A -o yaml` prints one List) are the pods on its nodes. */
export function fileSource(file: CandidateFile, now = Date.now()): InventorySource {
  const parsed = parseObjectsText(file.text, file.path);
  const r = nodesFromParsed(parsed, file.path);
  const p = schedPodsFromParsed(parsed, file.path);
  const ownerPods = podsFromParsed(parsed, file.path).pods.filter(ownedByDaemonSetOrNone);
  return {
    kind: 'file', label: file.path.split(/[\\/]/).pop() || file.path, path: file.path, nodes: r.nodes, loadedAt: now,
    errors: [...r.errors, ...p.errors], pods: p.pods, scheduling: buildScheduling(r.nodes, p.pods), ownerPods,
  };
}

// Cheap test before a full load: does this text look like kubectl output holding Nodes?
const NODE_KIND = /(^|\n)\s*(?:-\s+)?"?kind"?\s*:\s*"?(Node|NodeList)"?\s*,?\s*(\r?\n|$)/;

const NODE_KIND_JSON = /"kind"\s*:\s*"(Node|NodeList)"/;

export function looksLikeNodesFile(text: string): boolean {
  return NODE_KIND.test(text) || NODE_KIND_JSON.test(text);
}

export interface PickOptions {
  /** A live cluster source, when the user turned it on and it loaded. */
  cluster?: InventorySource;
  /** The nodes file named in settings (already read). */
  settingsFile?: CandidateFile;
  /** Workspace files that may hold nodes, in a stable order (first usable one wins). */
  workspaceFiles?: CandidateFile[];
  now?: number;
}

/**
 * Pick the inventory by precedence: cluster, settings file, first workspace file with nodes, sample.
 * A settings file that yields no nodes still wins (its errors tell the user why), as a silent fallback would hide the mistake.
 */
export function pickInventory(opts: PickOptions): InventorySource {
  const now = opts.now ?? Date.now();
  if (opts.cluster) return opts.cluster;
  if (opts.settingsFile) return fileSource(opts.settingsFile, now);
  for (const f of opts.workspaceFiles ?? []) {
    if (!looksLikeNodesFile(f.text)) continue;
    const src = fileSource(f, now);
    if (src.nodes.length > 0) return src;
  }
  return sampleSource(now);
}
