// Reading what the CLI is given: manifest paths (files, folders, or `-` for standard input), a nodes file,
// a pods file. Only regular files are read, each with a size cap, so that /dev/zero, a FIFO or a symlink
// loop ends in a message (exit 2) instead of a hang.
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeInfo, Pod } from '../core/types';
import { nodesFromParsed, parseObjectsText } from '../inventory/files/loadNodes';
import type { SchedPod } from '../core/scheduler/types';
import { loadPodsFromText, mayBelongToDaemonSet, podsFromParsed } from '../inventory/files/loadPods';
import { toSchedPod } from '../inventory/files/podModel';
import { loadSchedPodsFile } from '../inventory/files/podsFile';
import { loadPodsFileIntoState } from '../inventory/source';
import type { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import { sampleClusterNodes, sampleClusterWholePods } from '../inventory/files/sampleCluster';
import { fsErrorWords } from '../inventory/files/fsErrorWords';
import { textOfBytes } from '../inventory/files/textOfBytes';

/** Unusable input: the CLI prints the message and exits 2. */
export class InputError extends Error {}

/** An input over its size cap (the message says which and how large the cap is). */
export class TooLargeError extends InputError {}

/** The path that names standard input. */
export const STDIN = '-';

const MANIFEST = /\.(ya?ml|json)$/i;
// The analysis reports manifests over 16 MiB as one diagnostic; past this cap they are not even read.
// Nodes files may be large cluster snapshots.
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_INVENTORY_BYTES = 256 * 1024 * 1024;

/** Files to check: each file as given, `-`, and the YAML/JSON files under each folder (sorted, no dot folders or node_modules). */
export function expandPaths(paths: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (dir: string) => {
    let real: string;
    let names: string[];
    try {
      real = realpathSync(dir);
      names = readdirSync(dir).sort();
    } catch (e) {
      throw new InputError(`cannot read folder ${dir}: ${fsErrorWords(e)}`);
    }
    if (seen.has(real)) return; // a symlink back to a folder already walked
    seen.add(real);
    // Files of a folder first, then its subfolders: examples/ before examples/broken/.
    const subdirs: string[] = [];
    for (const name of names) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const p = join(dir, name);
      let st;
      try {
        st = statSync(p, { throwIfNoEntry: false });
      } catch {
        continue; // a symlink loop or an unreadable entry inside a folder: not a manifest
      }
      if (st?.isDirectory()) subdirs.push(p);
      else if (st?.isFile() && MANIFEST.test(name)) out.push(p);
    }
    subdirs.forEach(walk);
  };
  for (const p of paths) {
    if (p === STDIN) {
      out.push(p);
      continue;
    }
    let st;
    try {
      st = statSync(p, { throwIfNoEntry: false });
    } catch (e) {
      throw new InputError(`cannot read ${p}: ${fsErrorWords(e)}`);
    }
    if (!st) throw new InputError(`no such file or folder: ${p}`);
    if (st.isDirectory()) walk(p);
    else out.push(p);
  }
  if (out.filter((p) => p === STDIN).length > 1) throw new InputError('standard input (-) can be read only once');
  return out;
}

/**
 * Read from an open descriptor up to `max` bytes; more is an error. `size`: what a regular file holds, read into one
 * buffer of that size (a file of tens of MiB read in small chunks and joined was copied twice over); standard input,
 * or what a file grew by meanwhile, goes into a buffer that doubles as it fills.
 */
function readCapped(fd: number, max: number, name: string, size = 0): Buffer {
  let buf = Buffer.allocUnsafe(Math.min(size, max) + 64 * 1024);
  let total = 0;
  for (;;) {
    if (total === buf.length) {
      const bigger = Buffer.allocUnsafe(Math.min(2 * buf.length, max + 1));
      buf.copy(bigger, 0, 0, total);
      buf = bigger;
    }
    let n: number;
    try {
      n = readSync(fd, buf, total, buf.length - total, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue; // a non-blocking standard input with nothing yet
      if (code === 'EOF') break;
      throw new InputError(`cannot read ${name}: ${fsErrorWords(e)}`);
    }
    if (n === 0) break;
    total += n;
    if (total > max) throw new TooLargeError(`${name} is larger than ${max / (1024 * 1024)} MiB; not read`);
  }
  return buf.subarray(0, total);
}

let stdinRead = false;

function readBytes(path: string, max: number): Buffer {
  if (path === STDIN) {
    if (stdinRead) throw new InputError('standard input (-) can be read only once');
    stdinRead = true;
    return readCapped(0, max, 'standard input');
  }
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below as not a regular file
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new InputError(`cannot read ${path}: ${fsErrorWords(e)}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new InputError(`${path} is a folder; give a file`);
    if (!st.isFile()) throw new InputError(`${path} is not a regular file (a device, FIFO or socket); not read`);
    if (st.size > max) throw new TooLargeError(`${path} is larger than ${max / (1024 * 1024)} MiB; not read`);
    return readCapped(fd, max, path, st.size);
  } finally {
    closeSync(fd);
  }
}

function readTextCapped(path: string, max: number): string {
  const buf = readBytes(path, max);
  const name = path === STDIN ? 'standard input' : path;
  // A NUL byte in the first few KiB means a binary file, not a manifest.
  if (buf.subarray(0, 8192).includes(0)) throw new InputError(`${name} is a binary file, not YAML or JSON`);
  return textOfBytes(buf);
}

/** A manifest's text (a file or `-`). Unusable input throws InputError. */
export function readText(path: string): string {
  return readTextCapped(path, MAX_MANIFEST_BYTES);
}

/** How a path is shown in messages and output (`-` is standard input). */
export function displayName(path: string): string {
  return path === STDIN ? '<stdin>' : path;
}

export interface Inventory {
  source: 'sample' | 'file' | 'cluster';
  label: string;
  nodes: NodeInfo[];
  warnings: string[];
  /**
   * Pods that came with the nodes, whole: the sample cluster's, or a nodes file's own (`kubectl get nodes,pods -A`
   * prints both in one List). Without --pods they fill the nodes for the scheduler stage and start the plan, as the
   * language server uses them.
   */
  pods?: Pod[];
}

export function loadInventory(nodesPath: string | undefined): Inventory {
  if (!nodesPath) {
    return {
      source: 'sample',
      label: 'the sample cluster',
      nodes: sampleClusterNodes(),
      warnings: [],
      pods: sampleClusterWholePods(),
    };
  }
  const name = displayName(nodesPath);
  // One parse serves the Nodes and the Pods beside them.
  const parsed = parseObjectsText(readNodesText(nodesPath), name);
  const r = nodesFromParsed(parsed, name);
  // An empty NodeList (a cluster with no nodes yet) is an inventory of zero nodes; errors without nodes are not.
  if (r.nodes.length === 0 && r.errors.length) throw new InputError(r.errors.map((e) => e.message).join('\n'));
  const own = podsFromParsed(parsed, name);
  const warnings = [...r.errors, ...own.errors].map((e) => e.message);
  return { source: 'file', label: name, nodes: r.nodes, warnings, ...(own.pods.length ? { pods: own.pods } : {}) };
}

// A nodes file is read whole; a cluster's pods are what makes a dump big, and --pods reads them item by item.
function readNodesText(path: string): string {
  try {
    return readTextCapped(path, MAX_INVENTORY_BYTES);
  } catch (e) {
    if (!(e instanceof TooLargeError)) throw e;
    throw new InputError(
      `${e.message}: --nodes is read whole. For a dump of a cluster with its pods, give the nodes alone ` +
        '(kubectl get nodes -o yaml > nodes.yaml) and the pods with --pods FILE, which is read item by item (up to 8 GiB)',
    );
  }
}

/** The pods of --pods: the scheduler's view of every pod, and whole only those a DaemonSet may own. */
export interface LoadedPodsInput {
  /** Every pod, as the scheduler's filters read it (inventory/files/podModel.ts). */
  sched: SchedPod[];
  /** Whole pods whose controller is a DaemonSet, or orphans (what the controller stage can claim). */
  controller: Pod[];
  /** The scheduler's per-node state of `sched`, when built as they were read (loadPodsOffThread). */
  state?: ClusterNodeInfos;
}

/**
 * --pods: a file is read item by item (any size up to MAX_PODS_FILE_BYTES, regular files only); standard input is
 * read whole under the inventory cap, since a pipe cannot be re-read if its layout needs the whole-text loader.
 */
export function loadPods(podsPath: string | undefined): LoadedPodsInput {
  if (!podsPath) return { sched: [], controller: [] };
  const name = displayName(podsPath);
  if (podsPath === STDIN) {
    const r = loadPodsFromText(readTextCapped(podsPath, MAX_INVENTORY_BYTES), name);
    if (r.pods.length === 0 && r.errors.length) throw new InputError(r.errors.map((e) => e.message).join('\n'));
    const controller = r.pods.filter((p) => mayBelongToDaemonSet(p as unknown as Record<string, unknown>));
    return { sched: r.pods.flatMap((p) => toSchedPodOrNone(p)), controller };
  }
  const r = loadSchedPodsFile(podsPath, name, { keep: mayBelongToDaemonSet });
  if (r.unreadable) throw new InputError(r.unreadable);
  if (r.pods.length === 0 && r.errors.length) throw new InputError(r.errors.map((e) => e.message).join('\n'));
  return { sched: r.pods, controller: r.kept };
}

/**
 * --pods as loadPods reads it, a file read in worker threads while this thread adds their pods to the scheduler's
 * per-node state over `nodes` (`state`, as the language server builds it); `controller` only with `wholePods`
 * (`kce plan` needs them, `kce simulate` does not). Standard input is read as loadPods does. `nodes` may be a
 * function that reads them, called once the workers have started (loadPodsFileIntoState).
 */
export async function loadPodsOffThread(
  podsPath: string | undefined,
  nodes: readonly NodeInfo[] | (() => readonly NodeInfo[]),
  wholePods: boolean,
): Promise<LoadedPodsInput> {
  if (!podsPath || podsPath === STDIN) return loadPods(podsPath);
  const opts = { sourceName: displayName(podsPath), keepDaemonSetPods: wholePods };
  const { pods, scheduling, result: r } = await loadPodsFileIntoState(nodes, podsPath, opts);
  if (r.unreadable) throw new InputError(r.unreadable);
  if (pods.length === 0 && r.errors.length) throw new InputError(r.errors.map((e) => e.message).join('\n'));
  return { sched: pods, controller: r.kept, state: scheduling };
}

/** A whole Pod as the scheduler reads it; none when it cannot be read (no name). */
export function toSchedPodOrNone(p: Pod): SchedPod[] {
  const s = toSchedPod(p);
  return 'error' in s ? [] : [s];
}
