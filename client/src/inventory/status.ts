// What the status bar and the views say about the node inventory, as plain logic: the inventory actually in
// use, the one asked for when the server fell back, and why (kce/inventoryChanged's `inUse`, `requested`,
// `problem` and `label`; an older server's `source`, `detail` and `error` still give a truthful text).
import type { InventoryInfo } from '../../../server/src/protocol';

export type Level = 'ok' | 'warning' | 'error';

export interface InventoryView {
  /** What the nodes come from now, for people: `sample cluster`, `nodes.yaml`, `cluster prod`. */
  inUse: string;
  /** The source asked for, when it is not the one in use (`cluster test`). */
  requested?: string;
  /** Why the requested source is not in use, or what is wrong with it. */
  problem?: string;
  /** The same in a few words: `cluster test unreachable`. */
  summary?: string;
  count: number;
  stale: boolean;
  level: Level;
}

const SOURCE_LABEL: Record<string, string> = {
  sample: 'sample cluster', file: 'nodes file', workspace: 'workspace nodes', cluster: 'cluster', none: 'no inventory',
};

function baseName(p: string | undefined): string {
  if (!p) return '';
  const parts = p.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}

/** `sample cluster`, `nodes.yaml`, `cluster prod`: a source and its detail, short. */
export function sourceLabel(source: string, detail?: string): string {
  if (source === 'sample' || source === 'none') return SOURCE_LABEL[source]!;
  const base = baseName(detail);
  if (source === 'file' || source === 'workspace') return base || SOURCE_LABEL[source]!;
  return `${SOURCE_LABEL[source] ?? source}${base ? ` ${base}` : ''}`;
}

/** `1 node`, `14 nodes`. */
export function nodes(n: number): string {
  return `${n} node${n === 1 ? '' : 's'}`;
}

const sameRef = (a: { source: string; detail?: string }, b: { source: string; detail?: string }): boolean =>
  a.source === b.source && (a.detail ?? '') === (b.detail ?? '');

export function describeInventory(info: InventoryInfo): InventoryView {
  const inUse = info.inUse?.label ?? sourceLabel(info.source, info.detail);
  const req = info.requested;
  // `auto` resolving to a workspace file or the sample is no fallback: only another source asked for is.
  const fellBack = !!req && req.source !== 'auto' && !!info.inUse && !sameRef(req, info.inUse);
  const requested = fellBack ? req.label : undefined;
  const problem = info.problem?.message ?? info.error;
  const stale = !!info.stale;
  const degraded = !!(requested || problem || stale);
  const level: Level = info.count === 0 || info.source === 'none' ? 'error' : degraded ? 'warning' : 'ok';
  return {
    inUse,
    ...(requested ? { requested } : {}),
    ...(problem ? { problem } : {}),
    ...(info.problem?.summary ? { summary: info.problem.summary } : {}),
    count: info.count,
    stale,
    level,
  };
}

export interface StatusItem { text: string; tooltip: string; level: Level }

const ICON: Record<Level, string> = { ok: '$(server)', warning: '$(warning)', error: '$(error)' };

export function statusItem(info: InventoryInfo | undefined, running: boolean): StatusItem {
  if (!running) {
    const tooltip = 'Kube Controller Explorer: the language server is not running. Click for Retry, Select Inventory and Show Log.';
    return { text: '$(error) KCE: Server Stopped', tooltip, level: 'error' };
  }
  if (!info) return {
    text: '$(loading~spin) KCE',
    tooltip: 'Kube Controller Explorer: loading the node inventory…',
    level: 'ok',
  };
  const v = describeInventory(info);
  const icon = v.level === 'ok' && info.source === 'cluster' ? '$(cloud)' : v.stale ? '$(debug-disconnect)' : ICON[v.level];
  // The inventory in use first, then why in brackets: `sample cluster (cluster test unreachable)`.
  const reason = v.summary ?? (v.requested ? `${v.requested} failed` : v.stale ? 'not answering' : undefined);
  const why = reason ? ` (${reason})` : '';
  const txt = `${icon} ${v.inUse}${why} · ${nodes(v.count)}`;
  const tooltip = [
    `Node inventory in use: ${v.inUse}, ${nodes(v.count)}.`,
    v.requested ? `Asked for: ${v.requested}.` : '',
    v.problem ? `Problem: ${v.problem}` : '',
    v.stale ? 'The nodes are the last ones read: the cluster is not answering.' : '',
    info.status && info.status !== v.problem ? info.status : '',
    'Click for Retry, Select Inventory and Show Log.',
  ].filter(Boolean).join('\n');
  return { text: txt, tooltip, level: v.level };
}

/** One notification per failing source: the key changes only when another source fails, not on each retry. */
export function problemKey(info: InventoryInfo | undefined): string | undefined {
  if (!info) return undefined;
  const v = describeInventory(info);
  if (v.level === 'ok' || (!v.requested && !v.problem)) return undefined;
  return `${info.problem?.kind ?? 'problem'}|${v.requested ?? v.inUse}`;
}
