// Where a big pods file can be cut into parts, one per worker thread (as many as podsLoader.ts defaultWorkers
// says): at item boundaries near its middle (or its thirds…), found from the file's head (JSON's indentation, or a
// YAML List) and one read around each cut. Anything unclear: no split (one worker reads the file and falls back to
// the whole-text loader if it must).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { FilePart } from './podsFile';
import { jsonLayout } from './podsJsonItems';
import { itemsKeyAt } from './podsYamlItems';

/** Files smaller than this are read by one worker (starting a second costs more than it saves). */
export const SPLIT_ABOVE = 32 * 1024 * 1024;
const PROBE = 4 * 1024 * 1024;

function readAt(fd: number, at: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let n = 0;
  while (n < length) {
    const got = readSync(fd, buf, n, length - n, at + n);
    if (got === 0) break;
    n += got;
  }
  return buf.subarray(0, n);
}

/** The file as parts (in file order), or undefined when it is read whole by one worker. */
export function splitPodsFile(path: string, parts = 2, splitAbove = SPLIT_ABOVE): FilePart[] | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (!st.isFile() || st.size <= splitAbove || parts < 2) return undefined;
    const head = readAt(fd, 0, 64 * 1024);
    const first = head.toString('latin1').trimStart()[0];
    const layout = first === '{' ? jsonLayout(head) : undefined;
    const yaml = !layout && first !== '{' && first !== '[' && itemsKeyAt(head) >= 0;
    if (!layout && !yaml) return undefined;
    // JSON: an item's closing brace, a comma, the next item's opening brace, each at the items' indentation.
    // YAML: `- ` at column 0. The next part starts at the newline before that item.
    const pad = layout ? ' '.repeat(layout.itemIndent) : '';
    const marker = layout ? Buffer.from(`\n${pad}},\n${pad}{`, 'latin1') : Buffer.from('\n- ', 'latin1');
    const skip = layout ? pad.length + 3 : 0; // from the marker to the newline before the item
    const starts: number[] = [];
    for (let k = 1; k < parts; k++) {
      const at = Math.floor((st.size * k) / parts);
      const probe = readAt(fd, at, PROBE);
      const i = probe.indexOf(marker);
      if (i < 0) return undefined;
      starts.push(at + i + skip);
    }
    const out: FilePart[] = [];
    const end = (k: number) => (k < starts.length ? starts[k]! : st.size);
    // A part reads a little past its end: the next item's opening line, which shows its last item is complete.
    const overlap = layout ? pad.length + 2 : 1;
    for (let k = 0; k <= starts.length; k++) {
      const start = k === 0 ? 0 : starts[k - 1]!;
      out.push({
        start,
        end: k < starts.length ? end(k) + overlap : st.size,
        layout: layout ?? 'yaml',
        fromItem: k > 0,
      });
    }
    return out.every((p, k) => k === 0 || p.start > out[k - 1]!.start) ? out : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
