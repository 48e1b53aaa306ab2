// The keys of a Pod item that podsYamlPick.ts keeps (its Shape tables, withOwners false: the scanner serves only
// readers that keep no pod whole), each with its rule; and the template key: the item's kept text but its name, uid
// and node name lines, byte for byte the JS key (pruneYamlItem `id.key` without its leading \u0005), so equal keys
// here are equal keys there.
import { ch } from '../common/bytes';
import { KEYBUF, KEYBUF_END } from '../common/memoryLayout';

/** The mappings the walk enters. */
export const ITEM = 0, META = 1, SPEC = 2, STATUS = 3, CONTAINER = 4;

/** Rules (podsYamlPick.ts Rule): not kept, whole, a mapping of the kind it names, a sequence of containers, ... */
export const NOT_KEPT = -1, WHOLE = 0, MAP_META = META, MAP_SPEC = SPEC, MAP_STATUS = STATUS, SEQ = 4;
/** ... whole if it holds PodResize, and the identity values (the JS NAME, UID, NODE_NAME indices, plus 6). */
export const IF_RESIZE = 5, ID_NAME = 6, ID_UID = 7, ID_NODE = 8;

@inline function is(k0: i32, n: i32, text: string, rule: i32): i32 {
  if (n != text.length) return NOT_KEPT;
  for (let i = 1; i < n; i++) if (ch(k0 + i) != <i32>text.charCodeAt(i)) return NOT_KEPT;
  return rule;
}

/** The rule of the key [k0, k0 + n) in a mapping of `kind` (its first byte a letter, as the walk checked). */
export function ruleOf(kind: i32, k0: i32, n: i32): i32 {
  const c = ch(k0);
  let r = NOT_KEPT;
  switch (kind) {
    case ITEM:
      if (c == 0x6b) return is(k0, n, "kind", WHOLE);
      if (c == 0x6d) return is(k0, n, "metadata", MAP_META);
      if (c == 0x73) {
        r = is(k0, n, "spec", MAP_SPEC);
        return r != NOT_KEPT ? r : is(k0, n, "status", MAP_STATUS);
      }
      return NOT_KEPT;
    case META:
      if (c == 0x6e) {
        r = is(k0, n, "name", ID_NAME);
        return r != NOT_KEPT ? r : is(k0, n, "namespace", WHOLE);
      }
      if (c == 0x75) return is(k0, n, "uid", ID_UID);
      if (c == 0x6c) return is(k0, n, "labels", WHOLE);
      if (c == 0x64) return is(k0, n, "deletionTimestamp", WHOLE);
      return NOT_KEPT;
    case SPEC:
      if (c == 0x6e) return is(k0, n, "nodeName", ID_NODE);
      if (c == 0x6f) return is(k0, n, "overhead", WHOLE);
      if (c == 0x72) return is(k0, n, "resources", WHOLE);
      if (c == 0x61) return is(k0, n, "affinity", WHOLE);
      if (c == 0x74) return is(k0, n, "topologySpreadConstraints", WHOLE);
      if (c == 0x63) return is(k0, n, "containers", SEQ);
      if (c == 0x69) return is(k0, n, "initContainers", SEQ);
      return NOT_KEPT;
    case STATUS:
      if (c == 0x70) return is(k0, n, "phase", WHOLE);
      if (c == 0x72) {
        r = is(k0, n, "resize", WHOLE);
        return r != NOT_KEPT ? r : is(k0, n, "resources", WHOLE);
      }
      if (c == 0x61) return is(k0, n, "allocatedResources", WHOLE);
      if (c == 0x63) {
        r = is(k0, n, "conditions", IF_RESIZE);
        return r != NOT_KEPT ? r : is(k0, n, "containerStatuses", SEQ);
      }
      if (c == 0x69) return is(k0, n, "initContainerStatuses", SEQ);
      return NOT_KEPT;
    default: // CONTAINER
      if (c == 0x6e) return is(k0, n, "name", WHOLE);
      if (c == 0x72) {
        r = is(k0, n, "restartPolicy", WHOLE);
        return r != NOT_KEPT ? r : is(k0, n, "resources", WHOLE);
      }
      if (c == 0x61) return is(k0, n, "allocatedResources", WHOLE);
      if (c == 0x70) return is(k0, n, "ports", WHOLE);
      return NOT_KEPT;
  }
}

// ---- the template key being built ---------------------------------------------------------------------------
let kp: i32 = KEYBUF;
/** The key outgrew its buffer: the item is left to the JS reader. */
export let keyFull = false;

export function keyStart(): void {
  kp = KEYBUF;
  keyFull = false;
}

/** The key's length so far (where the next kept text goes). */
export function keyLength(): i32 {
  return kp - KEYBUF;
}

/** The kept text [s, e) onto the key. */
export function keep(s: i32, e: i32): void {
  const n = e - s;
  if (kp + n + 64 >= KEYBUF_END) {
    keyFull = true;
    return;
  }
  memory.copy(<usize>kp, <usize>s, <usize>n);
  kp += n;
}

/**
 * podsYamlPick.ts dash: a sequence entry's kept text starts with its `- ` at column `col`. `from`: where the
 * entry's kept text starts in the key; `keptDashLine`: that text starts with the entry's own first line.
 */
export function dash(from: i32, keptDashLine: bool, col: i32): void {
  if (keyFull) return;
  if (kp == KEYBUF + from) {
    if (kp + col + 5 + 64 >= KEYBUF_END) {
      keyFull = true;
      return;
    }
    for (let i = 0; i < col; i++) store<u8>(<usize>(kp + i), 32);
    kp += col;
    store<u32>(<usize>kp, 0x7d7b202d); // "- {}"
    store<u8>(<usize>(kp + 4), 10);
    kp += 5;
  } else if (!keptDashLine) store<u16>(<usize>(KEYBUF + from + col), 0x202d); // "- "
}
