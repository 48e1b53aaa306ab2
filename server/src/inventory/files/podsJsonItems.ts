// `kubectl get pods -A -o json` read item by item: kubectl indents JSON, so an item of the List starts and ends
// with a brace at exactly the items' indentation, and a raw newline never occurs inside a JSON string. All the
// complete items of a run are parsed by one JSON.parse (the separating commas are already there): one native
// backward search per run finds where they end, instead of a search per item. In a big file an ASCII-only run's
// items are picked instead (podsJsonPick.ts): only the scheduler's fields are read; where the pods are handed on
// and none is kept whole, by the WebAssembly scanner (podsJsonScanItems.ts), the picker taking the items it refuses.
import { isAscii } from 'node:buffer';
import { isDeepStrictEqual } from 'node:util';
import type { ChunkReader } from './chunkReader';
import { sinkView, type PodSink } from './podSink';
import { pickPodItem, pickPodKey } from './podsJsonPick';
import { MAX_SCANNED_UNIT, SCAN_LIST_END, ScannedItems } from './podsJsonScanItems';
import { stamp, type StampKey } from './podTemplates';

// Items parsed together: about this many bytes, small enough that their objects die young (a cheap scavenge).
// Under 128 KiB, so that the run's text (one string) is not a large object, which only a full collection frees.
const BATCH_BYTES = 96 * 1024;
const NL = 10;
const SPACE = 32;
const QUOTE = 34;
const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const COMMA = 0x2c;

/** The file's layout does not allow item-by-item reading: the caller falls back to the whole-text reader. */
export class NotKubectlShaped extends Error {}

export interface JsonLayout {
  unit: number;
  itemIndent: number;
}

// `{` then, on the next line, the first key's indentation gives the unit; items sit two units deep.
export function jsonLayout(head: Buffer): JsonLayout | undefined {
  const open = head.indexOf(123);
  if (open < 0 || head[open + 1] !== NL) return undefined;
  let unit = 0;
  while (head[open + 2 + unit] === SPACE) unit++;
  if (unit === 0 || head[open + 2 + unit] !== QUOTE) return undefined;
  if (head.indexOf(`\n${' '.repeat(unit)}"items": [\n${' '.repeat(unit * 2)}{`) < 0) return undefined;
  return { unit, itemIndent: unit * 2 };
}

/**
 * When items are picked by layout (podsJsonPick.ts) rather than parsed: only in files of at least `minBytes`
 * (kubectl's own output; a small file may be indented by hand, and parsing it costs little), and every
 * `checkEvery`-th picked item is parsed too and compared, since the picker trusts the indentation.
 */
export interface PickPolicy {
  minBytes: number;
  checkEvery: number;
}
// One item in 1,024 (the first one too): about one per 10 MB of kubectl's pods. Checking one in 64 cost a quarter
// more time and memory on the benchmark's 4.5 GB file.
export const DEFAULT_PICK: PickPolicy = { minBytes: 64 * 1024 * 1024, checkEvery: 1024 };

/** A picked item differed from the parsed one: the file's indentation is not kubectl's; read it again parsing. */
export class PickMismatch extends Error {}

/** Every item of the List's `items`, parsed (or picked) and handed to the sink, in file order. */
export function readJsonItems(r: ChunkReader, layout: JsonLayout, sink: PodSink, pick?: PickPolicy): void {
  const picking = pick && r.size >= pick.minBytes ? { every: pick.checkEvery, n: pick.checkEvery - 1 } : undefined;
  const pad = ' '.repeat(layout.itemIndent);
  const start = Buffer.from(`\n${pad}{`, 'latin1');
  const end = Buffer.from(`\n${pad}}`, 'latin1');
  const listEnd = Buffer.from(`\n${' '.repeat(layout.unit)}]`, 'latin1');
  let s = r.window.indexOf(start);
  if (s < 0) throw new NotKubectlShaped();
  const scanned =
    picking && sink.handsOn && layout.unit <= MAX_SCANNED_UNIT
      ? new ScannedItems(layout, sink, picking, pickCounts, checkStamped)
      : undefined;
  scanned?.readInto(r);
  for (;;) {
    if (scanned?.usable) {
      // The scanner reads on to the first item it does not walk (cut off by the window's end, or laid out
      // otherwise): that one is read below, then the scanner goes on after it.
      const next = scanned.read(r.window, s);
      if (next === SCAN_LIST_END) return;
      if (next !== s) {
        s = next;
        continue;
      }
    }
    if (picking) {
      // The next run of items picked from a slice of the window: the picker finds where each item ends, so no
      // search for the run's last item end is needed (V8 searches for a needle that starts with a newline slowly).
      const to = Math.min(s + BATCH_BYTES, r.window.length);
      if (isAscii(r.window.subarray(s, to))) {
        const run = pickItems(r.window.toString('latin1', s, to), layout, sink, picking, false);
        if (run === LIST_END) return;
        if (run > 0) {
          s += run;
          continue;
        }
      }
    }
    // The last item end in the window; past it, a comma (more items) or the end of the List.
    let e = r.window.lastIndexOf(end, Math.min(s + BATCH_BYTES, r.window.length - 1));
    if (e <= s) e = r.window.lastIndexOf(end);
    while (e > s && !endsItem(r.window, e + end.length, start, listEnd)) e = r.window.lastIndexOf(end, e - 1);
    if (e <= s) {
      if (!r.more(s)) {
        if (r.partial) return; // a part of a split file ends where the next part's first item starts
        throw new NotKubectlShaped(); // an item cut short by the end of the file
      }
      s = 0;
      continue;
    }
    const stop = e + end.length;
    const last = r.window[stop] !== COMMA;
    if (picking && isAscii(r.window.subarray(s, stop)))
      pickItems(r.window.toString('latin1', s, stop), layout, sink, picking, true);
    else {
      // `[` over the newline before the first item and `]` over the comma (or newline) after the last one.
      r.window[s] = OPEN;
      r.window[stop] = CLOSE;
      const items = JSON.parse(r.window.toString('utf8', s, stop + 1)) as unknown[];
      for (const it of items) sink.item(it);
    }
    if (last) return;
    s = stop + 1; // the newline before the next item's brace, as endsItem saw
  }
}

/**
 * Items picked by layout and items parsed whole so far, in this thread, and of the picked ones those stamped from
 * a template read before (for tests and the benchmark).
 */
export const pickCounts = { picked: 0, parsedWhole: 0, stamped: 0 };

// Room left after an item's start in a run that may end inside it (items of kubectl's pods are 5 to 20 KB).
const ROOM = 32 * 1024;

/**
 * The pod `id` gives, stamped from its known template (or read by `parse` when its template is new), against the
 * item parsed `whole`: PickMismatch when they differ.
 */
export function checkStamped(sink: PodSink, id: StampKey, parse: () => unknown, whole: () => unknown): void {
  const t = sink.knownTemplate(id.key);
  const mine = t ? stamp(t, id.name, id.uid, id.nodeName) : sinkView(parse());
  const raw = whole();
  if (!isDeepStrictEqual(mine, sinkView(raw))) throw new PickMismatch();
  // Nor is a stamped pod one the sink keeps whole (the scanners tell those by their owners, ownerRefsPeek.ts).
  if (sink.keepsWhole && raw !== null && typeof raw === 'object' && sink.wouldKeep(raw as Record<string, unknown>)) {
    throw new PickMismatch();
  }
}

/** What pickItems returns when the List ended after the last item it read. */
const LIST_END = -1;

// The items of an ASCII-only run (a newline, then items separated by commas): each one's scheduler fields picked
// (podsJsonPick.ts), or the item parsed whole when it is laid out otherwise or is to be kept whole. `whole`: the
// run ends exactly after its last item; otherwise it may end inside an item, and the items read are those complete
// with the character after them. Returns where the unread rest starts (the newline before the next item; 0 when
// no item was read), or LIST_END.
function pickItems(
  text: string,
  layout: JsonLayout,
  sink: PodSink,
  check: { every: number; n: number },
  whole: boolean,
): number {
  const d = layout.itemIndent;
  const listEnd = `\n${' '.repeat(layout.unit)}]`;
  const withOwners = sink.keepsWhole;
  // Picked values slice the run's text: copied when the pods stay in this thread (not handed on as they fill).
  const sliced = !sink.handsOn;
  let nl = 0;
  for (;;) {
    const open = nl + d + 1;
    // In a run that may end inside an item, an item starting near its end is left to the next run: a walk that
    // reads past the end of a string makes V8 drop the walk's optimised code (measured: a fifth slower overall).
    if (!whole && open + ROOM > text.length) return nl;
    // Where no pod is kept whole, an item is first read for its template key only (podsJsonPick.ts pickPodKey).
    const keyed = withOwners ? undefined : pickPodKey(text, open, d, layout.unit);
    let picked: ReturnType<typeof pickPodItem>;
    if (keyed?.plain) picked = undefined;
    else {
      try {
        picked = pickPodItem(text, open, d, layout.unit, withOwners);
      } catch {
        picked = undefined;
      }
    }
    const close = keyed?.plain ? keyed.close : picked ? picked.close : itemClose(text, open, d, whole);
    if (close < 0) return nl; // the item runs past this slice
    // What follows the item: a comma and the next item, the end of the run, or the end of the List.
    let next: number;
    if (whole && close + 1 >= text.length) next = text.length;
    else if (text.charCodeAt(close + 1) === COMMA) next = close + 2;
    else if (whole) throw new NotKubectlShaped();
    else if (close + 1 + listEnd.length > text.length) return nl; // not known yet
    else if (text.startsWith(listEnd, close + 1)) next = LIST_END;
    else throw new NotKubectlShaped();
    if (keyed?.plain) {
      pickCounts.picked++;
      // Parsed at most once: by the check below, or for the sink when the template is new.
      let raw: unknown;
      const item = () =>
        (raw ??= pickPodItem(text, open, d, layout.unit, false)?.pod ?? JSON.parse(text.slice(open, close + 1)));
      if (++check.n >= check.every) {
        check.n = 0;
        checkStamped(sink, keyed, item, () => JSON.parse(text.slice(open, close + 1)));
      }
      if (sink.stamped(keyed, item)) pickCounts.stamped++;
    } else if (picked && !(withOwners && sink.wouldKeep(picked.pod))) {
      pickCounts.picked++;
      if (++check.n >= check.every) {
        check.n = 0;
        const parsed = JSON.parse(text.slice(open, close + 1)) as unknown;
        if (!isDeepStrictEqual(sinkView(picked.pod), sinkView(parsed))) throw new PickMismatch();
      }
      sink.item(picked.pod, sliced);
    } else {
      pickCounts.parsedWhole++;
      sink.item(JSON.parse(text.slice(open, close + 1)));
    }
    if (next === LIST_END || next === text.length) return next;
    nl = next;
  }
}

// The item's closing brace: the first `}` that starts a line indented like the item's own `{`; -1 when the run
// does not hold it (only where the run may end inside an item). Stepping from brace to brace is native-fast, where
// a search for the newline and indentation before it is not.
function itemClose(text: string, open: number, d: number, whole: boolean): number {
  for (let at = text.indexOf('}', open); at >= 0; at = text.indexOf('}', at + 1)) {
    if (text.charCodeAt(at - d - 1) !== NL) continue;
    let i = 1;
    while (i <= d && text.charCodeAt(at - i) === SPACE) i++;
    if (i > d) return at;
  }
  if (whole) throw new NotKubectlShaped();
  return -1;
}

// After an item's closing brace: `,` and the next item's opening brace, or a newline and the List's `]`.
function endsItem(w: Buffer, at: number, start: Buffer, listEnd: Buffer): boolean {
  if (at >= w.length) return false;
  const has = (b: Buffer, from: number) =>
    from + b.length <= w.length && w.compare(b, 0, b.length, from, from + b.length) === 0;
  return w[at] === COMMA ? has(start, at + 1) : has(listEnd, at);
}
