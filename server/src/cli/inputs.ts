// Reading what the CLI is given: manifest paths (files or folders), a nodes file, a pods file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeInfo, Pod } from '../core/types';
import { loadNodesFromText } from '../inventory/files/loadNodes';
import { loadPodsFromText } from '../inventory/files/loadPods';
import { sampleClusterNodes } from '../inventory/files/sampleCluster';

/** Unusable input: the CLI prints the message and exits 2. */
export class InputError extends Error {}

const MANIFEST = /\.(ya?ml|json)$/i;

/** Files to check: each file as given, and the YAML/JSON files under each folder (sorted, no dot folders or node_modules). */
export function expandPaths(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (e) {
      throw new InputError(`cannot read folder ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    // Files of a folder first, then its subfolders: examples/ before examples/broken/.
    const subdirs: string[] = [];
    for (const name of names) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const p = join(dir, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (st?.isDirectory()) subdirs.push(p);
      else if (st?.isFile() && MANIFEST.test(name)) out.push(p);
    }
    subdirs.forEach(walk);
  };
  for (const p of paths) {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) throw new InputError(`no such file or folder: ${p}`);
    if (st.isDirectory()) walk(p);
    else out.push(p);
  }
  return out;
}

export function readText(path: string): string {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (e) {
    throw new InputError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  // A NUL byte in the first few KiB means a binary file, not a manifest.
  if (buf.subarray(0, 8192).includes(0)) throw new InputError(`${path} is a binary file, not YAML or JSON`);
  return buf.toString('utf8');
}

export interface Inventory {
  source: 'sample' | 'file' | 'cluster';
  label: string;
  nodes: NodeInfo[];
  warnings: string[];
}

export function loadInventory(nodesPath: string | undefined): Inventory {
  if (!nodesPath) return { source: 'sample', label: 'the sample cluster', nodes: sampleClusterNodes(), warnings: [] };
  const r = loadNodesFromText(readText(nodesPath), nodesPath);
  if (r.nodes.length === 0) throw new InputError(r.errors.map((e) => e.message).join('\n') || `${nodesPath}: no nodes`);
  return { source: 'file', label: nodesPath, nodes: r.nodes, warnings: r.errors.map((e) => e.message) };
}

export function loadPods(podsPath: string | undefined): Pod[] {
  if (!podsPath) return [];
  const r = loadPodsFromText(readText(podsPath), podsPath);
  if (r.pods.length === 0 && r.errors.length) throw new InputError(r.errors.map((e) => e.message).join('\n'));
  return r.pods;
}
