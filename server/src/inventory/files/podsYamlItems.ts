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

/**
 * Every item of the List's `items`, parsed and handed to the sink, in file order. `fromItem`: the reader starts at
 * an item (the second part of a split file), not at the top of the List.
 */
export function readYamlItems(r: ChunkReader, sink: PodSink, fromItem = false): void {
  const itemsKey = fromItem ? 0 : itemsKeyAt(r.window);
  if (itemsKey < 0) throw new NotKubectlShaped();
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

// Subtrees of a Pod that the scheduler's view never reads, and that hold most of its lines (measured on the bench's
// pods: a third less to parse). None of these names is a block-valued key inside a kept subtree (affinity,
// tolerations, spread constraints, labels). kubectl prints a block sequence at its key's indentation, so the
// subtree is every following line that is deeper, or a `- ` item at that indentation, or blank. The key's line stays
// (an empty value, null), so what surrounds it parses as before.
const UNREAD =
  'env|envFrom|volumeMounts|volumeDevices|livenessProbe|readinessProbe|startupProbe|lifecycle|securityContext|' +
  'volumes|annotations|managedFields|ownerReferences|state|lastState|command|args|dnsConfig|hostIPs|podIPs';
const UNDER_KEY = new RegExp(`^( *)(?:${UNREAD}):\\r?\\n(?:\\1(?: |- ).*\\r?\\n| *\\r?\\n)*`, 'gm');
// The same key first in a sequence item (`- env:`): its subtree is deeper than the key itself.
const UNDER_ITEM_KEY = new RegExp(`^( *)- (?:${UNREAD}):\\r?\\n(?:\\1(?:   |  - ).*\\r?\\n| *\\r?\\n)*`, 'gm');
const keyLine = (m: string) => m.slice(0, m.indexOf('\n') + 1);

/** The text without the subtrees UNREAD names (only where no pod is kept whole). */
export function cutUnread(text: string): string {
  return text.replace(UNDER_KEY, keyLine).replace(UNDER_ITEM_KEY, keyLine);
}

/** Where the List's `items:` key is (at column 0, LF or CRLF line ends), or -1. */
export function itemsKeyAt(head: Buffer): number {
  const at = /(^|\n)items:\r?\n/.exec(head.toString('latin1', 0, Math.min(head.length, 1 << 20)));
  return at ? at.index : -1;
}

function parseItems(w: Buffer, from: number, to: number, sink: PodSink): void {
  const text = w.toString('utf8', from, to);
  const parsed = fastParseYamlStream(sink.keepsWhole ? text : cutUnread(text));
  if (!parsed || parsed.length !== 1 || !Array.isArray(parsed[0])) throw new NotKubectlShaped();
  for (const it of parsed[0] as unknown[]) sink.item(it, true);
}
