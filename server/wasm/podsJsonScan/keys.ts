// The wanted keys of each object the walk enters (the `Keys` tables of podsJsonPick.ts, in the same order, so a
// key's index is the JS one), and the template key built from the kept members: the same member texts as
// pickPodKey's key, each after a code naming its part and index, then its length (4 bytes), so keys made of
// different members never coincide. Equal bytes here give equal pods but for name, uid and node name.
import { ch, COLON, QUOTE, SP } from './bytes';
import { KEYBUF, KEYBUF_END } from '../common/memoryLayout';

export const ITEM = 0, META = 1, SPEC = 2, STATUS = 3, CONTAINER = 4;
/** A wanted key not written `"key": `: the item is refused. */
export const ODD_KEY = -2;

/** For the key keyAt last matched: how far after its first byte its value starts. */
export let vsOff: i32 = 0;

/** Whether key `text` (then a quote) starts at k0: idx, or ODD_KEY when not followed by `: `, or -1. */
@inline function keyIs(k0: i32, text: string, idx: i32): i32 {
  const n = text.length;
  for (let i = 0; i < n; i++) if (ch(k0 + i) != <i32>text.charCodeAt(i)) return -1;
  if (ch(k0 + n) != QUOTE) return -1;
  if (ch(k0 + n + 1) != COLON || ch(k0 + n + 2) != SP) return ODD_KEY;
  vsOff = n + 3;
  return idx;
}

/** The index of the wanted key at k0 in an object of `kind`; -1 for a key not wanted; ODD_KEY. */
export function keyAt(kind: i32, k0: i32): i32 {
  const c = ch(k0);
  let r: i32 = -1;
  switch (kind) {
    case ITEM:
      if (c == 0x6b) return keyIs(k0, "kind", 0);
      if (c == 0x6d) return keyIs(k0, "metadata", 1);
      if (c == 0x73) {
        r = keyIs(k0, "spec", 2);
        return r != -1 ? r : keyIs(k0, "status", 3);
      }
      return -1;
    case META:
      if (c == 0x6e) {
        r = keyIs(k0, "name", 0);
        return r != -1 ? r : keyIs(k0, "namespace", 1);
      }
      if (c == 0x75) return keyIs(k0, "uid", 2);
      if (c == 0x6c) return keyIs(k0, "labels", 3);
      if (c == 0x64) return keyIs(k0, "deletionTimestamp", 4);
      if (c == 0x6f) return keyIs(k0, "ownerReferences", 5);
      return -1;
    case SPEC:
      if (c == 0x6e) return keyIs(k0, "nodeName", 0);
      if (c == 0x6f) return keyIs(k0, "overhead", 1);
      if (c == 0x72) return keyIs(k0, "resources", 2);
      if (c == 0x61) return keyIs(k0, "affinity", 3);
      if (c == 0x74) return keyIs(k0, "topologySpreadConstraints", 4);
      if (c == 0x63) return keyIs(k0, "containers", 5);
      if (c == 0x69) return keyIs(k0, "initContainers", 6);
      return -1;
    case STATUS:
      if (c == 0x70) return keyIs(k0, "phase", 0);
      if (c == 0x72) {
        r = keyIs(k0, "resize", 1);
        return r != -1 ? r : keyIs(k0, "resources", 2);
      }
      if (c == 0x61) return keyIs(k0, "allocatedResources", 3);
      if (c == 0x63) {
        r = keyIs(k0, "conditions", 4);
        return r != -1 ? r : keyIs(k0, "containerStatuses", 5);
      }
      if (c == 0x69) return keyIs(k0, "initContainerStatuses", 6);
      return -1;
    default: // CONTAINER
      if (c == 0x6e) return keyIs(k0, "name", 0);
      if (c == 0x72) {
        r = keyIs(k0, "restartPolicy", 1);
        return r != -1 ? r : keyIs(k0, "resources", 2);
      }
      if (c == 0x61) return keyIs(k0, "allocatedResources", 3);
      if (c == 0x70) return keyIs(k0, "ports", 4);
      return -1;
  }
}

/** The bracket a wanted key's visit walks itself (the JS `walked` sets); 0 when its value is passed over. */
@inline export function walks(kind: i32, k: i32): i32 {
  if (kind == ITEM) return k >= 1 ? 123 : 0; // metadata, spec, status: {
  if (kind == SPEC || kind == STATUS) return k >= 5 ? 91 : 0; // the container lists: [
  return 0;
}

// ---- the template key being built ---------------------------------------------------------------------------
export const ITEM_PART = 0, META_PART = 1, SPEC_PART = 2, STATUS_PART = 3, CONTAINER_PART = 4;

/** The code of part `part`, member `k`, in `family` (0 a member's text, 2 a list, 3 a mark): podsJsonPick.ts mark. */
@inline export function code(family: i32, part: i32, k: i32): i32 {
  return 0x40 + family * 0x30 + part * 8 + k;
}

let kp: i32 = KEYBUF;
/** The key outgrew its buffer: the item is left to the JS reader. */
export let keyFull = false;

/** Starts the key of a new item. */
export function keyStart(): void {
  kp = KEYBUF;
  keyFull = false;
  mark(1);
}

export function keyLength(): i32 {
  return kp - KEYBUF;
}

export function mark(c: i32): void {
  if (kp >= KEYBUF_END) {
    keyFull = true;
    return;
  }
  store<u8>(<usize>kp, <u8>c);
  kp++;
}

/** Member `k` of `part`, its value's text at [vs, ve), into the key. */
export function addToKey(part: i32, k: i32, vs: i32, ve: i32): void {
  const n = ve - vs;
  if (kp + 5 + n + 32 >= KEYBUF_END) {
    keyFull = true;
    return;
  }
  store<u8>(<usize>kp, <u8>code(0, part, k));
  store<u32>(<usize>(kp + 1), <u32>n);
  const dst = kp + 5;
  if (n <= 32) {
    // Over-copies up to 31 bytes: the key buffer has room, and the input is padded.
    v128.store(<usize>dst, v128.load(<usize>vs));
    v128.store(<usize>(dst + 16), v128.load(<usize>(vs + 16)));
  } else memory.copy(<usize>dst, <usize>vs, <usize>n);
  kp = dst + n;
}
