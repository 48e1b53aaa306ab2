// A pods file of any size (`kubectl get pods -A -o json|yaml` of a 450,000-pod cluster is gigabytes), read in chunks
// and reduced pod by pod to the scheduler's view (podModel.ts), so memory holds the kept fields, not the file.
// JSON as kubectl indents it: each item's first and last lines are found by their indentation with native byte
// searches, and the item alone is parsed. YAML Lists: item by item through the kubectl-subset reader. Anything
// else (compact JSON, a single Pod, YAML outside the subset): the whole-text loader, when the file fits in a string.
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

function spaces(n: number, tail: string): Buffer {
  return Buffer.from(`\n${' '.repeat(n)}${tail}`, 'latin1');
}

// One item as JSON.parse reads it: V8's parser beats any selective scan of indented text (measured: about 1.2x
// JSON.parse of the whole file, where searching for the few needed keys by indentation took 2x).
function wholeItem(buf: Buffer, from: number, to: number): Record<string, unknown> | undefined {
  const o = JSON.parse(buf.toString('utf8', from, to)) as Record<string, unknown>;
  return o.kind === undefined || o.kind === 'Pod' ? o : undefined;
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

function readJsonItems(
  r: ChunkReader,
  layout: { unit: number; itemIndent: number },
  sourceName: string,
  pods: SchedPod[],
  errors: PodsFileResult['errors'],
): void {
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
    const raw = wholeItem(r.window, s + 1, e + end.length);
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
    return {
      pods: [],
      errors: [{ message: `cannot read ${sourceName}: ${(e as Error).message}` }],
      parser: 'json',
      bytes,
      reader: 'whole-text',
    };
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
      if (first !== '{' && first !== '[') {
        readYamlItems(r, sourceName, pods, errors);
        return { pods, errors, parser: 'fast-yaml', bytes, reader: 'yaml-items' };
      }
    } catch (e) {
      if (!(e instanceof NotKubectlShaped) && !(e instanceof SyntaxError)) throw e;
    }
    if (bytes > MAX_WHOLE_TEXT) {
      return {
        pods: [],
        errors: [
          {
            message: `${sourceName}: ${bytes} bytes and not in the layout kubectl prints (indented JSON or a YAML List): too large to read as one text`,
          },
        ],
        parser: 'json',
        bytes,
        reader: 'whole-text',
      };
    }
    r.close();
    return { ...loadSchedPodsFromText(readFileSync(path, 'utf8'), sourceName), bytes, reader: 'whole-text' };
  } catch (e) {
    return {
      pods: [],
      errors: [{ message: `${sourceName}: ${(e as Error).message}` }],
      parser: 'json',
      bytes,
      reader: 'whole-text',
    };
  } finally {
    r.close();
  }
}
