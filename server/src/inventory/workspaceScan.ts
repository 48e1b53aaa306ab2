// Finds a nodes file in the workspace without trusting the workspace: only regular files (no FIFOs, devices or
// sockets, which block or never end), symlinks only when they resolve inside a workspace folder, sizes checked
// before reading, a small sniff before a full read, one file held at a time, and a total byte/file/time budget.
import { constants } from 'node:fs';
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { textOfBytes } from './files/textOfBytes';
import { fileSource, looksLikeNodesFile } from './source';
import type { InventorySource } from './source';

export interface ScanLimits {
  /** Largest file read in full (checked on the open handle before reading). */
  maxFileBytes: number;
  /** Bytes read in full over the whole scan (sniffs not counted). */
  maxTotalBytes: number;
  /** YAML/JSON files looked at (sniffed). */
  maxFiles: number;
  /** Directory depth below each workspace folder. */
  maxDepth: number;
  /** Bytes read from the start of a file to decide whether it may hold nodes. */
  sniffBytes: number;
  /** Wall-clock budget of the whole scan. */
  maxMillis: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = {
  maxFileBytes: 32 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  maxFiles: 2000,
  maxDepth: 4,
  sniffBytes: 8 * 1024,
  maxMillis: 1500,
};

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);
const CANDIDATE_NAME = /\.(ya?ml|json)$/i;
/** Notes kept about skipped files: enough to explain, not a flood. */
const MAX_NOTES = 5;

export interface ScanResult {
  /** The first workspace file that yielded nodes, if any. */
  source?: InventorySource;
  /** Why candidate files were skipped or the scan stopped early (capped list). */
  notes: string[];
}

/** The text, or why not (`tooLarge`: the file is over the size cap, so a smaller one would be read). */
type ReadResult = { text: string } | { error: string; tooLarge?: true };

function kindOf(st: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean; isDirectory(): boolean }): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a directory';
  return 'not a regular file';
}

// Reads at most `limit` bytes from the handle; `more` says whether the file goes on beyond them.
async function readUpTo(fh: FileHandle, limit: number): Promise<{ buf: Buffer; more: boolean }> {
  const buf = Buffer.allocUnsafe(limit + 1);
  let got = 0;
  while (got <= limit) {
    const { bytesRead } = await fh.read(buf, got, limit + 1 - got, got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return { buf: buf.subarray(0, Math.min(got, limit)), more: got > limit };
}

/**
 * Reads a file only if it is a regular file of at most `maxBytes` (checked on the open handle, so a file swapped
 * for a FIFO after a stat cannot block: the open is non-blocking). Never throws; errors are one-line messages.
 */
export async function readRegularFile(path: string, maxBytes: number, sniffBytes?: number): Promise<ReadResult> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = await fh.stat();
    if (!st.isFile()) return { error: `${path} is ${kindOf(st)}, not a regular file` };
    if (st.size > maxBytes) return { error: `${path} is ${st.size} bytes, over the ${maxBytes}-byte limit`, tooLarge: true };
    const { buf, more } = await readUpTo(fh, sniffBytes ?? maxBytes);
    if (sniffBytes === undefined) {
      if (more) return { error: `${path} grew beyond the ${maxBytes}-byte limit while being read`, tooLarge: true };
      return { text: textOfBytes(buf) };
    }
    if (!more) return { text: textOfBytes(buf) };
    // A sniff is the head and the tail: a NodeList written with sorted keys names its kind after the items.
    const tail = Buffer.allocUnsafe(sniffBytes);
    const { bytesRead } = await fh.read(tail, 0, sniffBytes, Math.max(sniffBytes, st.size - sniffBytes));
    return { text: `${textOfBytes(buf)}\n${textOfBytes(tail.subarray(0, bytesRead))}` };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: `cannot read ${path}: ${code ?? (e as Error).message}` };
  } finally {
    await fh?.close().catch(() => undefined);
  }
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

class Scan {
  readonly notes: string[] = [];
  private files = 0;
  private bytes = 0;
  private readonly seen = new Set<string>();
  private readonly deadline: number;
  stopped = false;

  constructor(private readonly limits: ScanLimits, private readonly roots: string[]) {
    this.deadline = Date.now() + limits.maxMillis;
  }

  note(msg: string): void {
    if (this.notes.length < MAX_NOTES) this.notes.push(msg);
  }

  stop(msg: string): void {
    this.stopped = true;
    this.note(`workspace scan for a nodes file stopped: ${msg}`);
  }

  budgetLeft(): boolean {
    if (this.stopped) return false;
    if (Date.now() > this.deadline) this.stop(`it took over ${this.limits.maxMillis} ms`);
    else if (this.files >= this.limits.maxFiles) this.stop(`${this.limits.maxFiles} YAML/JSON files looked at`);
    else if (this.bytes >= this.limits.maxTotalBytes) this.stop(`${this.limits.maxTotalBytes} bytes read`);
    return !this.stopped;
  }

  // The real path of a candidate when it may be read: a regular file, or a symlink to one inside the workspace.
  private async resolve(p: string): Promise<string | undefined> {
    const st = await lstat(p);
    if (st.isFile()) return p;
    if (!st.isSymbolicLink()) {
      this.note(`${p} is ${kindOf(st)}: skipped`);
      return undefined;
    }
    let real: string;
    try {
      real = await realpath(p);
    } catch (e) {
      this.note(`${p}: unresolvable symlink (${(e as NodeJS.ErrnoException).code ?? 'error'}): skipped`);
      return undefined;
    }
    if (!this.roots.some((r) => inside(r, real))) {
      this.note(`${p} links outside the workspace: skipped`);
      return undefined;
    }
    return real;
  }

  /** The nodes of one candidate file, or undefined; at most one file's text is held at a time. */
  async tryFile(p: string): Promise<InventorySource | undefined> {
    this.files++;
    const real = await this.resolve(p).catch(() => undefined);
    if (!real) return undefined;
    // Hard links and symlinks to one file are looked at once.
    const id = await lstat(real).then((s) => `${s.dev}:${s.ino}`, () => real);
    if (this.seen.has(id)) return undefined;
    this.seen.add(id);
    const sniff = await readRegularFile(real, this.limits.maxFileBytes, this.limits.sniffBytes);
    if ('error' in sniff) {
      this.note(`${sniff.error}: skipped`);
      return undefined;
    }
    if (!looksLikeNodesFile(sniff.text)) return undefined;
    const full = await readRegularFile(real, Math.min(this.limits.maxFileBytes, this.limits.maxTotalBytes - this.bytes));
    if ('error' in full) {
      this.note(`${full.error}: skipped`);
      return undefined;
    }
    this.bytes += Buffer.byteLength(full.text);
    const src = fileSource({ path: p, text: full.text });
    return src.nodes.length > 0 ? src : undefined;
  }
}

/** Breadth-first over the workspace folders; the first candidate (in name order) that yields nodes wins. */
export async function findWorkspaceNodes(folders: string[], limits: Partial<ScanLimits> = {}): Promise<ScanResult> {
  const lim = { ...DEFAULT_SCAN_LIMITS, ...limits };
  const roots = await Promise.all(folders.map((f) => realpath(f).catch(() => f)));
  const scan = new Scan(lim, roots);
  let queue = folders.map((dir) => ({ dir, depth: 0 }));
  while (queue.length && scan.budgetLeft()) {
    const next: typeof queue = [];
    for (const { dir, depth } of queue) {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
        const p = join(dir, e.name);
        // Dirent types come from lstat: a symlinked directory is not walked (no loops, no escape).
        if (e.isDirectory()) {
          if (depth < lim.maxDepth) next.push({ dir: p, depth: depth + 1 });
          continue;
        }
        if (!CANDIDATE_NAME.test(e.name)) continue;
        if (!scan.budgetLeft()) return { notes: scan.notes };
        const src = await scan.tryFile(p);
        if (src) return { source: src, notes: scan.notes };
      }
    }
    queue = next;
  }
  return { notes: scan.notes };
}
