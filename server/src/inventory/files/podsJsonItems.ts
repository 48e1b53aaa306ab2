// `kubectl get pods -A -o json` read item by item: kubectl indents JSON, so an item of the List starts and ends
// with a brace at exactly the items' indentation, and a raw newline never occurs inside a JSON string. All the
// complete items of a chunk are parsed by one JSON.parse (the separating commas are already there): one native
// backward search per chunk finds where they end, instead of a search per item.
import type { ChunkReader } from './chunkReader';
import type { PodSink } from './podSink';

// Items parsed together: about this many bytes, small enough that their objects die young (a cheap scavenge).
const BATCH_BYTES = 128 * 1024;
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

/** Every item of the List's `items`, parsed and handed to the sink, in file order. */
export function readJsonItems(r: ChunkReader, layout: JsonLayout, sink: PodSink): void {
  const pad = ' '.repeat(layout.itemIndent);
  const start = Buffer.from(`\n${pad}{`, 'latin1');
  const end = Buffer.from(`\n${pad}}`, 'latin1');
  const listEnd = Buffer.from(`\n${' '.repeat(layout.unit)}]`, 'latin1');
  let s = r.window.indexOf(start);
  if (s < 0) throw new NotKubectlShaped();
  for (;;) {
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
    // `[` over the newline before the first item and `]` over the comma (or newline) after the last one.
    r.window[s] = OPEN;
    r.window[stop] = CLOSE;
    const items = JSON.parse(r.window.toString('utf8', s, stop + 1)) as unknown[];
    for (const it of items) sink.item(it);
    if (last) return;
    s = stop + 1; // the newline before the next item's brace, as endsItem saw
  }
}

// After an item's closing brace: `,` and the next item's opening brace, or a newline and the List's `]`.
function endsItem(w: Buffer, at: number, start: Buffer, listEnd: Buffer): boolean {
  if (at >= w.length) return false;
  const has = (b: Buffer, from: number) =>
    from + b.length <= w.length && w.compare(b, 0, b.length, from, from + b.length) === 0;
  return w[at] === COMMA ? has(start, at + 1) : has(listEnd, at);
}
