// podsJsonScan: the items of `kubectl get pods -A -o json` walked over raw bytes in WebAssembly, each given a
// template id (equal ids: equal pods but for name, uid and node name) and the places of its name, uid and node
// name. It mirrors the rules of server/src/inventory/files/jsonLayoutWalk.ts and podsJsonPick.ts (pickPodKey):
// any change there must be made here too (test/inventory/podsJsonScan.test.ts compares them). Built by
// scripts/build-wasm.mjs into podsJsonScanModule.ts; driven by podsJsonScan.ts. Runtime stub: no managed objects,
// raw loads and stores only.
import { ch, COMMA, LBRACE, lineAt, setEnd } from './bytes';
import { keyFull, keyLength, keyStart } from './keys';
import { recordsThatFit, writeRecord } from '../common/records';
import { templateOf } from '../common/templates';
import { nameE, nameS, nodeE, nodeS, plain, uidE, uidS, walkItem } from './walk';

export { templateCount } from '../common/templates';

/** Per item: open, close, name start/end, uid start/end, nodeName start/end, template id, plain (1) or not (0). */
export const REC_WORDS: i32 = 10;

/** Why the last scan stopped: an item not walked (cut off or refused), the list ended, output full, tables full. */
export const STOP_ITEM: i32 = 0, STOP_LIST_END: i32 = 1, STOP_OUT_FULL: i32 = 2, STOP_TABLES_FULL: i32 = 3;
export let stopReason: i32 = 0;
/** Where the last scan stopped: the newline before the first item not read (STOP_LIST_END: after the last `}`). */
export let stopAt: i32 = 0;

export { inputBase, outBase, reset } from '../common/records';

export function outCapacity(): i32 {
  return recordsThatFit(REC_WORDS);
}

/**
 * Walks the items of a list from the newline at `start` before an item's `{` line (indented `d`, the JSON indented
 * by `u`), bytes up to `end` (the caller leaves 64 zeroed bytes after it), writing a record per item walked. The
 * number of items; stopAt and stopReason tell where and why it stopped.
 */
export function scan(start: i32, end: i32, d: i32, u: i32): i32 {
  setEnd(end);
  const cap = outCapacity();
  let at = start;
  let n = 0;
  stopReason = STOP_ITEM;
  while (n < cap) {
    if (!lineAt(at, d, LBRACE)) break;
    const open = at + d + 1;
    keyStart();
    const close = walkItem(open, d, u);
    if (close < 0 || close + 2 >= end || keyFull) break;
    const id = templateOf(keyLength());
    if (id < 0) {
      stopReason = STOP_TABLES_FULL;
      break;
    }
    const r = writeRecord(n, REC_WORDS, open, close, nameS, nameE, uidS, uidE, nodeS, nodeE, id);
    store<i32>(<usize>(r + 36), plain ? 1 : 0);
    n++;
    if (ch(close + 1) != COMMA) {
      stopReason = STOP_LIST_END;
      stopAt = close + 1;
      return n;
    }
    at = close + 2;
  }
  if (n == cap) stopReason = STOP_OUT_FULL;
  stopAt = at;
  return n;
}
