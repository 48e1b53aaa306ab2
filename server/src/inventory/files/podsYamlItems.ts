// `kubectl get pods -A -o yaml` read item by item: kubectl prints the List's items at column 0 (`- apiVersion: v1`)
// and everything inside them deeper, so `\n- ` only ever starts an item. All the complete items of a chunk go to
// the kubectl-subset reader as one sequence; anything it cannot read exactly makes the caller use the full parser.
import type { ChunkReader } from './chunkReader';
import { fastParseYamlStream } from './kubectlYamlReader';
import { NotKubectlShaped } from './podsJsonItems';
import type { PodSink } from './podSink';

const SEP = Buffer.from('\n- ', 'latin1');
// Items parsed together: about this many bytes, small enough that their objects die young (a cheap scavenge).
const BATCH_BYTES = 128 * 1024;

/** Every item of the List's `items`, parsed and handed to the sink, in file order. */
export function readYamlItems(r: ChunkReader, sink: PodSink): void {
  const itemsKey = r.window.indexOf('\nitems:\n');
  if (itemsKey < 0 && !r.window.subarray(0, 7).equals(Buffer.from('items:\n'))) throw new NotKubectlShaped();
  let s = r.window.indexOf(SEP, Math.max(0, itemsKey));
  if (s < 0) throw new NotKubectlShaped();
  for (;;) {
    const next = r.window.lastIndexOf(SEP, Math.min(s + BATCH_BYTES, r.window.length - 1));
    if (next > s) {
      parseItems(r.window, s + 1, next + 1, sink);
      s = next;
    } else if (r.more(s)) {
      s = 0;
    } else {
      // The last item ends where the List's own keys start (`kind: List` at column 0).
      const tail = /\n[a-z]/.exec(r.window.toString('latin1', s + 1));
      parseItems(r.window, s + 1, tail ? s + 2 + tail.index : r.window.length, sink);
      return;
    }
  }
}

function parseItems(w: Buffer, from: number, to: number, sink: PodSink): void {
  const parsed = fastParseYamlStream(w.toString('utf8', from, to));
  if (!parsed || parsed.length !== 1 || !Array.isArray(parsed[0])) throw new NotKubectlShaped();
  for (const it of parsed[0] as unknown[]) sink.item(it, true);
}
