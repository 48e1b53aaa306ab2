// A pods file of any size (`kubectl get pods -A -o json|yaml` of a 450,000-pod cluster is gigabytes), read in chunks
// and reduced pod by pod to the scheduler's view (podModel.ts), so memory holds the kept fields, not the file.
// JSON as kubectl indents it: each item's lines are found by their indentation with native byte searches, and only
// the few small values the scheduler reads are parsed (a partial pod that toSchedPod then converts exactly as for a
// whole one). YAML Lists: item by item through the kubectl-subset reader. Anything else (compact JSON, a single Pod,
// YAML outside the subset): the whole-text loader, when the file fits in a string.
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import type { SchedPod } from '../../core/scheduler/types';
import { fastParseYamlStream } from './kubectlYamlReader';
import type { LoadedPods } from './loadPods';
import { loadSchedPodsFromText } from './loadPods';
import { toSchedPod } from './podModel';

const CHUNK = 32 * 1024 * 1024;
// Past this a file cannot be one JS string: only the item-by-item readers can take it.
const MAX_WHOLE_TEXT = 400 * 1024 * 1024;

export interface PodsFileResult extends LoadedPods<SchedPod> {
  bytes: number;
  /** Which reader took the file: item by item (`json-items`, `yaml-items`) or as one text. */
  reader: 'json-items' | 'yaml-items' | 'whole-text';
}

class NotKubectlShaped extends Error {}

/** Reads a file chunk by chunk; `window` holds the unconsumed bytes. */
class ChunkReader {
  window: Buffer = Buffer.alloc(0);
  eof = false;
  readonly fd: number;
  private closed = false;
  constructor(path: string) {
    this.fd = openSync(path, 'r');
  }
  /** Appends the next chunk, keeping the bytes from `keepFrom` on. False at the end of the file. */
  more(keepFrom: number): boolean {
    if (this.eof) return false;
    const chunk = Buffer.allocUnsafe(CHUNK);
    const n = readSync(this.fd, chunk, 0, CHUNK, null);
    if (n === 0) {
      this.eof = true;
      return false;
    }
    const rest = this.window.subarray(keepFrom);
    this.window = rest.length ? Buffer.concat([rest, chunk.subarray(0, n)]) : chunk.subarray(0, n);
    return true;
  }
  close(): void {
    if (!this.closed) closeSync(this.fd);
    this.closed = true;
  }
}

// ---------- JSON, indented ----------

const NL = 10;
const QUOTE = 34;

/** The keys of one indented JSON object between `from` and `to`, with the range of each value. */
function members(buf: Buffer, from: number, to: number, pattern: Buffer): { key: string; start: number; end: number }[] {
  const out: { key: string; start: number; end: number }[] = [];
  let p = buf.indexOf(pattern, from);
  while (p >= 0 && p < to) {
    const ks = p + pattern.length;
    const ke = buf.indexOf(QUOTE, ks);
    if (ke < 0 || ke > to || buf[ke + 1] !== 58 /* : */) throw new NotKubectlShaped();
    const next = buf.indexOf(pattern, ke);
    const end = next >= 0 && next < to ? next : to;
    out.push({ key: buf.toString('latin1', ks, ke), start: ke + 2, end });
    p = next;
  }
  return out;
}

function parseValue(buf: Buffer, start: number, end: number): unknown {
  let e = end;
  while (e > start && (buf[e - 1] === 32 || buf[e - 1] === NL || buf[e - 1] === 13 || buf[e - 1] === 44)) e--;
  return JSON.parse(buf.toString('utf8', start, e));
}

/** The position of the closing bracket of an object or array value spanning [start, end) (before its comma). */
function closeOf(buf: Buffer, start: number, end: number): number {
  let e = end;
  while (e > start && (buf[e - 1] === 32 || buf[e - 1] === NL || buf[e - 1] === 13 || buf[e - 1] === 44)) e--;
  const c = buf[e - 1];
  if (c !== 125 && c !== 93) throw new NotKubectlShaped();
  return e - 1;
}

function spaces(n: number, tail: string): Buffer {
  return Buffer.from(`\n${' '.repeat(n)}${tail}`, 'latin1');
}

const CONTAINER_KEYS = new Set(['name', 'resources', 'ports', 'restartPolicy']);
const META_KEYS = new Set(['name', 'namespace', 'uid', 'labels', 'deletionTimestamp']);
const SPEC_KEYS = new Set(['nodeName', 'overhead', 'resources', 'affinity', 'tolerations', 'topologySpreadConstraints']);
const STATUS_KEYS = new Set(['phase', 'resize', 'resources', 'allocatedResources']);

/** Reads one item (an object whose `{` is at `indent`) into a partial raw pod, or undefined when it is no Pod. */
class IndentedItems {
  private readonly pat: Buffer[] = [];
  constructor(private readonly unit: number, private readonly itemIndent: number) {}

  private pattern(depth: number, tail = '"'): Buffer {
    const k = depth * 2 + (tail === '"' ? 0 : 1);
    return (this.pat[k] ??= spaces(this.itemIndent + depth * this.unit, tail));
  }

  private pick(buf: Buffer, from: number, end: number, depth: number, keys: Set<string>, into: Record<string, unknown>) {
    const to = closeOf(buf, from, end);
    for (const m of members(buf, from, to, this.pattern(depth))) if (keys.has(m.key)) into[m.key] = parseValue(buf, m.start, m.end);
  }

  // The elements of an indented array of objects, each reduced to `keys`.
  private objects(buf: Buffer, from: number, end: number, depth: number, keys: Set<string>): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    const to = closeOf(buf, from, end);
    const open = this.pattern(depth, '{');
    let p = buf.indexOf(open, from);
    while (p >= 0 && p < to) {
      const next = buf.indexOf(open, p + 1);
      const end = next >= 0 && next < to ? next : to;
      const o: Record<string, unknown> = {};
      this.pick(buf, p, end, depth + 1, keys, o);
      out.push(o);
      p = next;
    }
    // No element on a line of its own: only an empty list (`[]`) is in kubectl's layout.
    if (out.length === 0) {
      const v = parseValue(buf, from, end);
      if (!Array.isArray(v) || v.length > 0) throw new NotKubectlShaped();
    }
    return out;
  }

  read(buf: Buffer, from: number, to: number): Record<string, unknown> | undefined {
    const pod: Record<string, unknown> = {};
    let kind: unknown;
    for (const m of members(buf, from, to, this.pattern(1))) {
      if (m.key === 'kind') kind = parseValue(buf, m.start, m.end);
      else if (m.key === 'metadata') this.pick(buf, m.start, m.end, 2, META_KEYS, (pod.metadata = {}));
      else if (m.key === 'spec') pod.spec = this.spec(buf, m.start, m.end);
      else if (m.key === 'status') pod.status = this.status(buf, m.start, m.end);
    }
    return kind === undefined || kind === 'Pod' ? pod : undefined;
  }

  private spec(buf: Buffer, from: number, end: number): Record<string, unknown> {
    const spec: Record<string, unknown> = {};
    const to = closeOf(buf, from, end);
    for (const m of members(buf, from, to, this.pattern(2))) {
      if (m.key === 'containers' || m.key === 'initContainers') spec[m.key] = this.objects(buf, m.start, m.end, 3, CONTAINER_KEYS);
      else if (SPEC_KEYS.has(m.key)) spec[m.key] = parseValue(buf, m.start, m.end);
    }
    return spec;
  }

  private status(buf: Buffer, from: number, end: number): Record<string, unknown> {
    const st: Record<string, unknown> = {};
    const to = closeOf(buf, from, end);
    for (const m of members(buf, from, to, this.pattern(2))) {
      if (STATUS_KEYS.has(m.key)) st[m.key] = parseValue(buf, m.start, m.end);
      // Conditions and container statuses matter only for a pod resized in place: parsed when they say so.
      else if (m.key === 'conditions' && contains(buf, m.start, m.end, RESIZE)) st[m.key] = parseValue(buf, m.start, m.end);
      else if ((m.key === 'containerStatuses' || m.key === 'initContainerStatuses') &&
        (contains(buf, m.start, m.end, ALLOCATED) || contains(buf, m.start, m.end, RESOURCES))) {
        st[m.key] = parseValue(buf, m.start, m.end);
      }
    }
    return st;
  }
}

const RESIZE = Buffer.from('"PodResize');
const ALLOCATED = Buffer.from('"allocatedResources"');
const RESOURCES = Buffer.from('"resources"');

function contains(buf: Buffer, from: number, to: number, what: Buffer): boolean {
  return buf.subarray(from, to).indexOf(what) >= 0;
}

// `{` then, on the next line, the first key's indentation gives the unit; items sit two units deep.
function jsonLayout(head: Buffer): { unit: number; itemIndent: number } | undefined {
  const open = head.indexOf(123);
  if (open < 0 || head[open + 1] !== NL) return undefined;
  let unit = 0;
  while (head[open + 2 + unit] === 32) unit++;
  if (unit === 0 || head[open + 2 + unit] !== QUOTE) return undefined;
  if (head.indexOf(`\n${' '.repeat(unit)}"items": [\n${' '.repeat(unit * 2)}{`) < 0) return undefined;
  return { unit, itemIndent: unit * 2 };
}

function readJsonItems(r: ChunkReader, layout: { unit: number; itemIndent: number }, sourceName: string,
  pods: SchedPod[], errors: PodsFileResult['errors']): void {
  const items = new IndentedItems(layout.unit, layout.itemIndent);
  const start = spaces(layout.itemIndent, '{');
  const end = spaces(layout.itemIndent, '}');
  let pos = 0;
  let index = 0;
  for (;;) {
    const s = r.window.indexOf(start, pos);
    if (s < 0) {
      if (!r.more(Math.max(pos, r.window.length - start.length))) break;
      pos = 0;
      continue;
    }
    const e = r.window.indexOf(end, s + 1);
    if (e < 0) {
      if (!r.more(s)) throw new NotKubectlShaped();
      pos = 0;
      continue;
    }
    const raw = items.read(r.window, s + 1, e);
    if (raw) {
      const p = toSchedPod(raw);
      if ('error' in p) errors.push({ message: `${sourceName} (items[${index}]): ${p.error}` });
      else pods.push(p);
    }
    index++;
    pos = e + end.length;
  }
}

// ---------- YAML List, item by item ----------

function readYamlItems(r: ChunkReader, sourceName: string, pods: SchedPod[], errors: PodsFileResult['errors']): void {
  const sep = Buffer.from('\n- ', 'latin1');
  const itemsKey = r.window.indexOf('\nitems:\n');
  if (itemsKey < 0 && !r.window.subarray(0, 7).equals(Buffer.from('items:\n'))) throw new NotKubectlShaped();
  let s = r.window.indexOf(sep, Math.max(0, itemsKey));
  let index = 0;
  while (s >= 0) {
    let e = r.window.indexOf(sep, s + 1);
    // The item ends at the next item, or at the List's next key (a line at column 0).
    while (e < 0) {
      if (!r.more(s)) break;
      s = 0;
      e = r.window.indexOf(sep, 1);
    }
    let stop = e < 0 ? r.window.length : e;
    const tail = /\n[a-z]/.exec(r.window.toString('latin1', s + 1, stop));
    if (tail) stop = s + 1 + tail.index;
    const parsed = fastParseYamlStream(r.window.toString('utf8', s + 1, stop + 1));
    if (!parsed || !Array.isArray(parsed[0])) throw new NotKubectlShaped();
    for (const obj of parsed[0] as unknown[]) {
      const kind = (obj as { kind?: unknown })?.kind;
      if (kind !== undefined && kind !== 'Pod') continue;
      const p = toSchedPod(obj);
      if ('error' in p) errors.push({ message: `${sourceName} (items[${index}]): ${p.error}` });
      else pods.push(p);
    }
    index++;
    if (e < 0) break;
    s = e;
  }
}

/** Pods of a file as the scheduler reads them; never throws (unreadable or malformed files give errors). */
export function loadSchedPodsFile(path: string, sourceName = path): PodsFileResult {
  let r: ChunkReader;
  let bytes = 0;
  try {
    r = new ChunkReader(path);
    bytes = fstatSync(r.fd).size;
  } catch (e) {
    return { pods: [], errors: [{ message: `cannot read ${sourceName}: ${(e as Error).message}` }], parser: 'json', bytes, reader: 'whole-text' };
  }
  try {
    r.more(0);
    const head = r.window.subarray(0, 4096);
    const first = head.toString('latin1').trimStart()[0];
    const pods: SchedPod[] = [];
    const errors: PodsFileResult['errors'] = [];
    const layout = first === '{' ? jsonLayout(head) : undefined;
    try {
      if (layout) {
        readJsonItems(r, layout, sourceName, pods, errors);
        return { pods, errors, parser: 'json', bytes, reader: 'json-items' };
      }
      if (first !== '{' && first !== '[' && bytes > MAX_WHOLE_TEXT) {
        readYamlItems(r, sourceName, pods, errors);
        return { pods, errors, parser: 'fast-yaml', bytes, reader: 'yaml-items' };
      }
    } catch (e) {
      if (!(e instanceof NotKubectlShaped) && !(e instanceof SyntaxError)) throw e;
    }
    if (bytes > MAX_WHOLE_TEXT) {
      return { pods: [], errors: [{ message: `${sourceName}: ${bytes} bytes and not in the layout kubectl prints (indented JSON or a YAML List): too large to read as one text` }], parser: 'json', bytes, reader: 'whole-text' };
    }
    r.close();
    return { ...loadSchedPodsFromText(readFileSync(path, 'utf8'), sourceName), bytes, reader: 'whole-text' };
  } catch (e) {
    return { pods: [], errors: [{ message: `${sourceName}: ${(e as Error).message}` }], parser: 'json', bytes, reader: 'whole-text' };
  } finally {
    r.close();
  }
}
