// Which node inventory is in use: a live cluster, a nodes file from settings, a nodes file found in the
// workspace, or the embedded sample cluster, in that order. Reading files and globbing belong to the caller.
import type { NodeInfo } from '../core/types';
import { loadNodesFromText } from './files/loadNodes';
import type { LoadError } from './files/loadNodes';
import { sampleClusterNodes } from './files/sampleCluster';

export interface InventorySource {
  kind: 'sample' | 'file' | 'cluster';
  /** What the status bar shows: "sample cluster", a file name, or a kube context name. */
  label: string;
  nodes: NodeInfo[];
  loadedAt: number;
  errors: LoadError[];
  /** The file the nodes came from (kind 'file'). */
  path?: string;
}

export interface CandidateFile {
  path: string;
  text: string;
}

export function sampleSource(now = Date.now()): InventorySource {
  return { kind: 'sample', label: 'sample cluster', nodes: sampleClusterNodes(), loadedAt: now, errors: [] };
}

export function fileSource(file: CandidateFile, now = Date.now()): InventorySource {
  const r = loadNodesFromText(file.text, file.path);
  return { kind: 'file', label: file.path.split(/[\\/]/).pop() || file.path, path: file.path, nodes: r.nodes, loadedAt: now, errors: r.errors };
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
