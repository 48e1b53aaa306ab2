// A pods file of any size (`kubectl get pods -A -o json|yaml` of a 450,000-pod cluster is gigabytes), read in chunks
// and reduced pod by pod to the scheduler's view (podModel.ts), so memory holds the kept fields, not the file.
// JSON as kubectl indents it and YAML Lists as kubectl prints them: item by item (podsJsonItems.ts,
// podsYamlItems.ts). Anything else (compact JSON, a single Pod, YAML outside the subset): the whole-text loader,
// when the file fits in a string. Only a regular file is read (chunkReader.ts), up to MAX_PODS_FILE_BYTES.
import { readFileSync } from 'node:fs';
import type { Pod } from '../../core/types';
import type { SchedPod } from '../../core/scheduler/types';
import { ChunkReader, MAX_PODS_FILE_BYTES, PodsFileError } from './chunkReader';
import type { LoadedPods } from './loadPods';
import { loadPodsFromText } from './loadPods';
import { PodSink, type KeepWhole } from './podSink';
import {
  DEFAULT_PICK,
  jsonLayout,
  NotKubectlShaped,
  PickMismatch,
  readJsonItems,
  type JsonLayout,
  type PickPolicy,
} from './podsJsonItems';
import { readYamlItems } from './podsYamlItems';
import type { WireBatch } from './podTemplates';

export { MAX_PODS_FILE_BYTES };

// Past this a file cannot be one JS string: only the item-by-item readers can take it.
const MAX_WHOLE_TEXT = 400 * 1024 * 1024;

export type PodsReader = 'json-items' | 'yaml-items' | 'whole-text';

export interface PodsFileResult extends LoadedPods<SchedPod> {
  bytes: number;
  /** Which reader took the file: item by item (`json-items`, `yaml-items`) or as one text. */
  reader: PodsReader;
  /** The whole Pod objects `keep` accepted, in file order. */
  kept: Pod[];
  /** Set when the file could not be opened or is refused (not a regular file, too large, binary): why. */
  unreadable?: string;
}

export interface PodsFileOptions {
  /** Which pods to keep whole too (besides their scheduler view). */
  keep?: KeepWhole;
  /** The size cap (default MAX_PODS_FILE_BYTES). */
  maxBytes?: number;
  /** Hand the pods on in batches instead of collecting them (the result's `pods` and `kept` are then empty). */
  onBatch?: (batch: WireBatch) => void;
  /** Called when an item-by-item reading is abandoned for the whole-text loader: drop the batches handed on. */
  onRestart?: () => void;
  /** Read only this part of the file (podsSplit.ts), in this layout; no whole-text fallback. */
  part?: FilePart;
  /** When items are picked (JSON) or pruned (YAML) by layout instead of parsed whole (default DEFAULT_PICK). */
  pick?: PickPolicy;
}

/** Bytes `[start, end)` of a pods file, beginning at an item of its List, in a layout known from the file's head. */
export interface FilePart {
  start: number;
  end: number;
  layout: JsonLayout | 'yaml';
  /** Whether `start` is an item (not the top of the file). */
  fromItem: boolean;
}

/** A part of a split file that turned out not to be in the layout: the caller reads the whole file again. */
export interface PartResult {
  /** How many items of the List this part held (for locating the next part's errors). */
  items: number;
  errorItems: { item: number; message: string }[];
  failed: boolean;
}

function failed(message: string, bytes: number, unreadable = false): PodsFileResult {
  const r: PodsFileResult = { pods: [], kept: [], errors: [{ message }], parser: 'json', bytes, reader: 'whole-text' };
  return unreadable ? { ...r, unreadable: message } : r;
}

/** Pods of a file as the scheduler reads them; never throws (unreadable or malformed files give errors). */
export function loadSchedPodsFile(path: string, sourceName = path, opts: PodsFileOptions = {}): PodsFileResult {
  let r: ChunkReader;
  try {
    r = new ChunkReader(path, opts.maxBytes, opts.part?.start, opts.part?.end);
  } catch (e) {
    const message = e instanceof PodsFileError ? e.message : `cannot read ${sourceName}: ${(e as Error).message}`;
    return failed(message, 0, true);
  }
  const bytes = r.size;
  const result = (sink: PodSink, parser: LoadedPods['parser'], reader: PodsReader): PodsFileResult => {
    sink.flush();
    return { pods: sink.pods, kept: sink.kept, errors: sink.errors(), parser, bytes, reader };
  };
  if (opts.part) return { ...readPart(r, sourceName, opts.part, opts), bytes, kept: [], pods: [] };
  try {
    r.more(0);
    const head = r.window.subarray(0, 4096);
    if (head.includes(0)) return failed(`${sourceName} is a binary file, not YAML or JSON`, bytes, true);
    const first = head.toString('latin1').trimStart()[0];
    const layout = first === '{' ? jsonLayout(head) : undefined;
    let sink = new PodSink(sourceName, opts.keep, opts.onBatch);
    // Items picked (JSON) or pruned (YAML) by layout, then, should a checked one differ from the item parsed whole,
    // the file read again with every item parsed.
    const byItems = (read: (reader: ChunkReader, into: PodSink, pick?: PickPolicy) => void): void => {
      try {
        return read(r, sink, opts.pick ?? DEFAULT_PICK);
      } catch (e) {
        if (!(e instanceof PickMismatch)) throw e;
      }
      if (sink.count > 0) opts.onRestart?.();
      r.close();
      r = new ChunkReader(path, opts.maxBytes);
      r.more(0);
      sink = new PodSink(sourceName, opts.keep, opts.onBatch);
      read(r, sink);
    };
    try {
      if (layout) {
        byItems((reader, into, pick) => readJsonItems(reader, layout, into, pick));
        return result(sink, 'json', 'json-items');
      }
      if (first !== '{' && first !== '[' && first !== undefined) {
        byItems((reader, into, pick) => readYamlItems(reader, into, false, pick));
        return result(sink, 'fast-yaml', 'yaml-items');
      }
    } catch (e) {
      if (!(e instanceof NotKubectlShaped) && !(e instanceof SyntaxError)) throw e;
      if (sink.count > 0) opts.onRestart?.();
    }
    r.close();
    if (bytes > MAX_WHOLE_TEXT) {
      return failed(
        `${sourceName}: ${bytes} bytes and not in the layout kubectl prints (indented JSON or a YAML List): ` +
          'too large to read as one text',
        bytes,
      );
    }
    return { ...wholeText(readFileSync(path, 'utf8'), sourceName, opts), bytes, reader: 'whole-text' };
  } catch (e) {
    return failed(`${sourceName}: ${(e as Error).message}`, bytes);
  } finally {
    r.close();
  }
}

// The whole-text loader, with the same sink, so that both readings give the same pods, kept pods and errors.
function wholeText(text: string, sourceName: string, opts: PodsFileOptions): Omit<PodsFileResult, 'bytes' | 'reader'> {
  const whole = loadPodsFromText(text, sourceName);
  const sink = new PodSink(sourceName, opts.keep, opts.onBatch);
  for (const p of whole.pods) sink.item(p);
  sink.flush();
  // The sink's item indexes are not the text's: the errors are the whole-text loader's own.
  const errors = [...whole.errors];
  return { pods: sink.pods, kept: sink.kept, errors, parser: whole.parser };
}

// One part of a split file, into a sink that hands every batch on (the worker posts them).
function readPart(
  r: ChunkReader,
  sourceName: string,
  part: FilePart,
  opts: PodsFileOptions,
): Omit<PodsFileResult, 'bytes' | 'kept' | 'pods'> & PartResult {
  const sink = new PodSink(sourceName, opts.keep, opts.onBatch);
  const reader: PodsReader = part.layout === 'yaml' ? 'yaml-items' : 'json-items';
  const parser = part.layout === 'yaml' ? 'fast-yaml' : 'json';
  let failed = false;
  try {
    r.more(0);
    if (part.layout === 'yaml') readYamlItems(r, sink, part.fromItem, opts.pick ?? DEFAULT_PICK);
    else readJsonItems(r, part.layout, sink, opts.pick ?? DEFAULT_PICK);
    sink.flush();
  } catch (e) {
    if (!(e instanceof NotKubectlShaped) && !(e instanceof SyntaxError) && !(e instanceof PickMismatch)) throw e;
    failed = true;
  } finally {
    r.close();
  }
  return { errors: [], errorItems: sink.errorItems, items: sink.index, failed, reader, parser };
}
