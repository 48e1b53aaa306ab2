// `kubectl get pods -A -o yaml` read item by item: kubectl prints the List's items at column 0 (`- apiVersion: v1`)
// and everything inside them deeper, so `\n- ` only ever starts an item. All the complete items of a chunk go to
// the kubectl-subset reader as one sequence; anything it cannot read exactly makes the caller use the full parser.
// In a big file each item is first pruned to the lines the scheduler's view reads (podsYamlPick.ts); where the pods
// are handed on and none is kept whole, it is read by the WebAssembly scanner (podsYamlScanItems.ts), the pruner
// taking the items it refuses.
import { isDeepStrictEqual } from 'node:util';
import type { ChunkReader } from './chunkReader';
import { fastParseYamlStream } from './kubectlYamlReader';
import { checkStamped, NotKubectlShaped, PickMismatch, pickCounts, type PickPolicy } from './podsJsonItems';
import { pruneYamlItem, type PrunedItem } from './podsYamlPick';
import { sinkView, type PodSink } from './podSink';
import { ScannedYamlItems } from './podsYamlScanItems';

const SEP = Buffer.from('\n- ', 'latin1');
// Items parsed together: about this many bytes, small enough that their objects die young (a cheap scavenge).
const BATCH_BYTES = 128 * 1024;

interface Check {
  every: number;
  n: number;
}

/**
 * Every item of the List's `items`, parsed and handed to the sink, in file order. `fromItem`: the reader starts at
 * an item (the second part of a split file), not at the top of the List. `pick`: when items are pruned first, and
 * how often a pruned item is checked against the whole one (PickMismatch on a difference).
 */
export function readYamlItems(r: ChunkReader, sink: PodSink, fromItem = false, pick?: PickPolicy): void {
  const check = pick && r.size >= pick.minBytes ? { every: pick.checkEvery, n: pick.checkEvery - 1 } : undefined;
  const itemsKey = fromItem ? 0 : itemsKeyAt(r.window);
  if (itemsKey < 0) throw new NotKubectlShaped();
  let s = r.window.indexOf(SEP, Math.max(0, itemsKey));
  if (s < 0) throw new NotKubectlShaped();
  const scanned =
    check && sink.handsOn
      ? new ScannedYamlItems(sink, check, pickCounts, checkStamped, (text) => parseList(text)[0])
      : undefined;
  scanned?.readInto(r);
  for (;;) {
    if (scanned?.usable) {
      // The scanner reads on to the first item it does not walk (cut off by the window's end, the List's last, or
      // laid out otherwise): the run from that one is read below, then the scanner goes on after it.
      const next = scanned.read(r.window, s);
      if (next !== s) {
        s = next;
        continue;
      }
    }
    const next = r.window.lastIndexOf(SEP, Math.min(s + BATCH_BYTES, r.window.length - 1));
    if (next > s) {
      parseItems(r.window, s + 1, next + 1, sink, check);
      s = next;
    } else if (r.more(s)) {
      s = 0;
    } else {
      // The last item ends where the List's own keys start (`kind: List` at column 0).
      const tail = /\n[a-z]/.exec(r.window.toString('latin1', s + 1));
      parseItems(r.window, s + 1, tail ? s + 2 + tail.index : r.window.length, sink, check);
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

function parseItems(w: Buffer, from: number, to: number, sink: PodSink, check: Check | undefined): void {
  const text = w.toString('utf8', from, to);
  if (check && !text.includes('\r')) return pruneItems(text, sink, check);
  for (const it of parseList(sink.keepsWhole ? text : cutUnread(text))) sink.item(it, true);
}

function parseList(text: string): unknown[] {
  const parsed = fastParseYamlStream(text);
  if (!parsed || parsed.length !== 1 || !Array.isArray(parsed[0])) throw new NotKubectlShaped();
  return parsed[0] as unknown[];
}

// The items of a run (each from a `- ` at column 0), pruned where they are laid out as kubectl prints them, then
// parsed together; an item the sink keeps whole is parsed again whole. A pruned item whose template the sink knows
// (its pruned lines but name, uid and node name: podSink.ts `stamped`) is not parsed at all.
function pruneItems(text: string, sink: PodSink, check: Check): void {
  const withOwners = sink.keepsWhole;
  const items: (PrunedItem & { start: number; parsed: number })[] = [];
  const texts: string[] = []; // of the items to parse
  for (let s = 0; s < text.length; ) {
    // The pruner finds where the item ends; an item it cannot prune ends at the next line that starts an item.
    const pruned = pruneYamlItem(text, s, text.length, withOwners);
    let item: PrunedItem;
    if (pruned) item = pruned;
    else {
      const next = text.indexOf('\n- ', s);
      const e = next < 0 ? text.length : next + 1;
      item = { text: text.slice(s, e), next: e };
    }
    const known = pruned?.id !== undefined && !withOwners && sink.knownTemplate(pruned.id.key) !== undefined;
    items.push({ ...item, start: s, parsed: known ? -1 : texts.length });
    if (!known) texts.push(item.text);
    s = item.next;
  }
  const parsed = texts.length > 0 ? parseList(texts.join('')) : [];
  if (parsed.length !== texts.length) throw new NotKubectlShaped();
  const whole = (it: { start: number; next: number }) => parseList(text.slice(it.start, it.next))[0];
  for (const it of items) {
    // Parsed with the run's other new items, or alone should the sink have dropped its template since.
    const own = () => (it.parsed >= 0 ? parsed[it.parsed] : parseList(it.text)[0]);
    if (it.id !== undefined && !withOwners) {
      pickCounts.picked++;
      if (++check.n >= check.every) {
        check.n = 0;
        checkStamped(sink, it.id, own, () => whole(it));
      }
      if (sink.stamped(it.id, own)) pickCounts.stamped++;
      continue;
    }
    let raw = own();
    if (it.text.length === it.next - it.start) pickCounts.parsedWhole++; // not pruned (or nothing to prune)
    else if (withOwners && sink.wouldKeep(raw as Record<string, unknown>)) {
      raw = whole(it);
      pickCounts.parsedWhole++;
    } else {
      pickCounts.picked++;
      if (++check.n >= check.every) {
        check.n = 0;
        if (!isDeepStrictEqual(sinkView(raw), sinkView(whole(it)))) throw new PickMismatch();
      }
    }
    sink.item(raw, true);
  }
}
