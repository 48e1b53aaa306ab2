// The truth about the inventory for every client: what the settings asked for, what is in use, and why they
// differ. Builds the `kce/inventory` fields (each node's capacity and load among them) and the standard LSP
// messages (a user of any editor must see a fallback, not only VS Code through the custom notification).
import type { InventoryInfo, InventoryProblem, InventoryProblemKind, InventoryRef, NodeDto } from '../protocol';
import type { NodeInfoView, Resource, SchedNode } from '../core/scheduler/types';
import type { NodeInfo } from '../core/types';
import { formatAmount } from '../analysis/scheduling';
import type { LoadedInventory } from './deps';

function baseName(p: string): string {
  return p.split(/[\\/]/).pop() || p;
}

function clusterLabel(context: string | undefined): string {
  return `cluster ${context || '(current context)'}`;
}

/** The inventory the settings ask for. `file` is the resolved path of kce.inventory.file. */
export function requestedRef(source: string, file: string | undefined, context: string | undefined): InventoryRef {
  switch (source) {
    case 'sample':
      return { source, label: 'sample cluster' };
    case 'file':
      return file ? { source, detail: file, label: baseName(file) } : { source, label: 'nodes file (not set)' };
    case 'cluster':
      return { source, ...(context ? { detail: context } : {}), label: clusterLabel(context) };
    default:
      return file ? { source, detail: file, label: baseName(file) } : { source, label: 'auto (workspace nodes file, else sample cluster)' };
  }
}

/** What the nodes come from, as loaded. */
export function inUseRef(loaded: Pick<LoadedInventory, 'source' | 'detail'>): InventoryRef {
  const detail = loaded.detail;
  switch (loaded.source) {
    case 'sample':
      return { source: 'sample', label: 'sample cluster' };
    case 'cluster':
      return { source: 'cluster', ...(detail ? { detail } : {}), label: clusterLabel(detail) };
    case 'none':
      return { source: 'none', label: 'no inventory' };
    default:
      return { source: loaded.source, ...(detail ? { detail } : {}), label: detail ? baseName(detail) : loaded.source };
  }
}

/** Kinds carried by cluster and kubeconfig errors, as the problem kinds the protocol names. */
export function clusterProblemKind(errorKind: string | undefined): InventoryProblemKind {
  switch (errorKind) {
    case 'unreachable':
    case 'timeout':
      return 'unreachable';
    case 'tls':
    case 'unauthorized':
    case 'forbidden':
      return errorKind;
    case 'untrusted':
      return 'untrusted';
    case 'no-kubeconfig':
    case 'bad-kubeconfig':
    case 'no-context':
    case 'unknown-context':
    case 'incomplete-context':
      return 'kubeconfig';
    default:
      return 'clusterError';
  }
}

/** A few words for labels: what went wrong with the requested inventory. */
export function problemSummary(kind: InventoryProblemKind, requested: InventoryRef): string {
  const what = requested.label;
  switch (kind) {
    case 'untrusted':
      return 'workspace not trusted';
    case 'unavailable':
      return 'no live cluster support';
    case 'fileNotSet':
      return 'kce.inventory.file not set';
    case 'fileUnreadable':
      return `cannot read ${what}`;
    case 'fileInvalid':
      return 'the file has errors';
    case 'workspaceScan':
      return 'workspace files skipped';
    case 'kubeconfig':
      return `${what}: kubeconfig problem`;
    case 'unreachable':
      return `${what} unreachable`;
    case 'tls':
      return `${what}: TLS error`;
    case 'unauthorized':
      return `${what}: credentials refused`;
    case 'forbidden':
      return `${what}: not allowed to list nodes`;
    case 'clusterError':
      return `${what}: error`;
    case 'loadFailed':
      return 'inventory failed to load';
  }
}

/** The whole `kce/inventory` description of a loaded inventory (or a failed load: `loaded.source === 'none'`). */
export function describeInventory(asked: InventoryRef, loaded: LoadedInventory): InventoryInfo {
  const inUse = inUseRef(loaded);
  // "The current context" named as the kubeconfig resolved it.
  const requested = asked.source === 'cluster' && !asked.detail && loaded.context ? { ...asked, label: clusterLabel(loaded.context) } : asked;
  const info: InventoryInfo = { source: loaded.source, count: loaded.nodes.length, requested, inUse, label: inUse.label };
  if (loaded.detail) info.detail = loaded.detail;
  if (loaded.error) info.error = loaded.error;
  if (loaded.status) info.status = loaded.status;
  if (loaded.stale) info.stale = true;
  const kind = loaded.problem?.kind ?? (loaded.error ? 'loadFailed' : undefined);
  if (kind) {
    const problem: InventoryProblem = { kind, summary: problemSummary(kind, requested), message: loaded.problem?.message ?? loaded.error ?? '' };
    info.problem = problem;
    info.label = `${inUse.label} (${loaded.stale ? 'stale: ' : ''}${problem.summary})`;
  }
  return info;
}

/** How analyses name the inventory in messages: "the sample cluster (cluster test unreachable)", "nodes.yaml". */
export function inventoryLabelForMessages(info: InventoryInfo): string {
  const label = info.label ?? info.detail ?? info.source;
  return info.source === 'sample' ? `the ${label}` : label;
}

export interface InventoryMessage {
  /** window/showMessage: 1 error, 2 warning, 3 info; absent = nothing to show. */
  show?: { type: 1 | 2 | 3; message: string };
  /** window/logMessage line; absent when nothing changed worth logging. */
  log?: string;
}

/**
 * Decides the standard messages for each new inventory state: a log line whenever what is in use or why
 * changes, and a shown message once per change of problem (a retry failing the same way stays quiet).
 */
export class InventoryAnnouncer {
  private lastProblemKey = '';
  private lastLogKey = '';

  next(info: InventoryInfo): InventoryMessage {
    const out: InventoryMessage = {};
    const p = info.problem;
    const nodes = `${info.count} node${info.count === 1 ? '' : 's'}`;
    const logKey = `${info.label}|${info.count}|${p?.kind ?? ''}|${p?.message ?? ''}`;
    if (logKey !== this.lastLogKey) {
      this.lastLogKey = logKey;
      out.log = `kce inventory: requested ${info.requested?.label ?? '?'}; in use ${info.inUse?.label ?? info.source} (${nodes})` +
        (info.stale ? ', stale' : '') + (p ? `; ${p.kind}: ${p.message}` : '');
    }
    const problemKey = p ? `${info.requested?.source}|${info.requested?.detail ?? ''}|${p.kind}|${info.inUse?.source}` : '';
    if (problemKey !== this.lastProblemKey) {
      const had = this.lastProblemKey !== '';
      this.lastProblemKey = problemKey;
      if (p) {
        const using = info.inUse && info.requested && info.inUse.source !== info.requested.source && info.requested.source !== 'auto'
          ? `using the ${info.inUse.label} (${nodes}) instead of ${info.requested.label}`
          : `using ${info.inUse?.label ?? info.source}${info.stale ? ' (last known nodes, stale)' : ''} (${nodes})`;
        out.show = { type: 2, message: `Kube Controller Explorer: ${p.summary}: ${using}. ${p.message}` };
      } else if (had) {
        out.show = { type: 3, message: `Kube Controller Explorer: inventory back to ${info.inUse?.label ?? info.source} (${nodes}).` };
      }
    }
    return out;
  }
}

// ---------- capacity of each node (kce/inventory) ----------

/** The capacity fields of a NodeDto: allocatable as given, requested and free from the scheduler's per-node state. */
export function nodeCapacity(
  node: NodeInfo | SchedNode,
  info: NodeInfoView | undefined,
): Pick<NodeDto, 'allocatable' | 'requested' | 'free' | 'pods'> {
  const out: Pick<NodeDto, 'allocatable' | 'requested' | 'free' | 'pods'> = {};
  const given = 'allocatable' in node ? node.allocatable : undefined;
  if (given) out.allocatable = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, String(v)]));
  if (!info) return out;
  out.pods = info.pods.length;
  const requested = resourceAmounts(info.requested);
  // The scheduler counts pods by the node's pod list, not in its requested resources.
  if (info.pods.length) requested.set('pods', info.pods.length);
  out.requested = formatAmounts(requested);
  if (given) {
    const alloc = resourceAmounts(info.allocatable);
    const free: Record<string, string> = {};
    for (const [name, total] of alloc) {
      free[name] = formatAmount(name, Math.max(0, total - (requested.get(name) ?? 0)));
    }
    out.free = free;
  }
  return out;
}

/** A framework Resource as resource name → amount (cpu in millicores, bytes, counts); zero amounts left out. */
function resourceAmounts(r: Resource): Map<string, number> {
  const m = new Map<string, number>();
  const put = (name: string, n: number) => {
    if (n) m.set(name, n);
  };
  put('cpu', r.milliCPU);
  put('memory', r.memory);
  put('ephemeral-storage', r.ephemeralStorage);
  put('pods', r.allowedPodNumber);
  for (const [name, n] of r.scalarResources) put(name, n);
  return m;
}

function formatAmounts(m: ReadonlyMap<string, number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, n] of m) out[name] = formatAmount(name, n);
  return out;
}
