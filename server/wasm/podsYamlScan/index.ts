// podsYamlScan: the items of `kubectl get pods -A -o yaml` walked over raw bytes in WebAssembly, each given a
// template id (equal ids: equal pruned text but for the name, uid and node name lines) and the places of its name,
// uid and node name values. It mirrors the rules of server/src/inventory/files/podsYamlPick.ts (pruneYamlItem,
// withOwners false): any change there must be made here too (test/inventory/podsYamlScan.test.ts compares them).
// Built by scripts/build-wasm.mjs into podsYamlScanModule.ts; driven by podsYamlScan.ts. Runtime stub: no managed
// objects, raw loads and stores only.
import { ch, NL, SP, setEnd } from '../common/bytes';
import { recordsThatFit, writeRecord } from '../common/records';
import { templateOf } from '../common/templates';
import { keyFull, keyLength, keyStart } from './keys';
import { clearCR, DASH, sawCR } from './lines';
import { identityPlain, nameE, nameS, nodeE, nodeS, uidE, uidS, walkItem } from './walk';

export { templateCount } from '../common/templates';

/** Per item: start (its `- `), next (the next item's `- `), name, uid and nodeName start/end, template id. */
export const REC_WORDS: i32 = 9;

/** Why the last scan stopped: an item not walked (refused, cut off, or the List's last), output full, tables full. */
export const STOP_ITEM: i32 = 0, STOP_OUT_FULL: i32 = 2, STOP_TABLES_FULL: i32 = 3;
export let stopReason: i32 = 0;
/** Where the last scan stopped: the newline before the first item not read. */
export let stopAt: i32 = 0;

export { inputBase, outBase, reset } from '../common/records';

export function outCapacity(): i32 {
  return recordsThatFit(REC_WORDS);
}

@inline function itemAt(p: i32, end: i32): bool {
  return p + 1 < end && ch(p) == DASH && ch(p + 1) == SP;
}

/**
 * Walks the items from the newline at `start` before an item's `- ` (column 0), bytes up to `end` (the caller
 * leaves 64 zeroed bytes after it), writing a record per item walked: one whose name, uid and node name are each on
 * its key's line alone, the name present, no carriage return in it, and followed by the next item's `- `. The
 * number of items; stopAt and stopReason tell where and why it stopped.
 */
export function scan(start: i32, end: i32): i32 {
  setEnd(end);
  const cap = outCapacity();
  let at = start;
  let n = 0;
  stopReason = STOP_ITEM;
  while (n < cap) {
    if (ch(at) != NL || !itemAt(at + 1, end)) break;
    const from = at + 1;
    keyStart();
    clearCR();
    const next = walkItem(from);
    if (next < 0 || keyFull || sawCR || !identityPlain || nameS < 0 || !itemAt(next, end)) break;
    const id = templateOf(keyLength());
    if (id < 0) {
      stopReason = STOP_TABLES_FULL;
      break;
    }
    writeRecord(n, REC_WORDS, from, next, nameS, nameE, uidS, uidE, nodeS, nodeE, id);
    n++;
    at = next - 1;
  }
  if (n == cap) stopReason = STOP_OUT_FULL;
  stopAt = at;
  return n;
}
