// The template table of a scanner: each distinct key (built at KEYBUF by the scanner's walk) gets an id, counted up
// from 0 until `reset`. Open addressing on a hash of the key; the keys' bytes are kept in an arena so an equal hash
// is confirmed byte by byte.
import { ARENA, ARENA_END, HT, HT_SLOTS, KEYBUF, TPL, TPL_MAX } from './memoryLayout';

let templates: i32 = 0;
let arenaAt: i32 = ARENA;

export function templateCount(): i32 {
  return templates;
}

export function resetTemplates(): void {
  memory.fill(<usize>HT, 0, <usize>(HT_SLOTS * 8));
  templates = 0;
  arenaAt = ARENA;
}

@inline function mix(h: u64, v: u64): u64 {
  h = (h ^ v) * 0x9e3779b97f4a7c15;
  return h ^ (h >> 29);
}

// Four independent lanes of 8 bytes; the caller zeroes the 8 bytes after the key.
function hashKey(p: i32, n: i32): u32 {
  let a: u64 = 0x243f6a8885a308d3 ^ <u64>n, b: u64 = 0x13198a2e03707344;
  let c: u64 = 0xa4093822299f31d0, e: u64 = 0x082efa98ec4e6c89;
  let i = 0;
  for (; i + 32 <= n; i += 32) {
    a = mix(a, load<u64>(<usize>(p + i)));
    b = mix(b, load<u64>(<usize>(p + i + 8)));
    c = mix(c, load<u64>(<usize>(p + i + 16)));
    e = mix(e, load<u64>(<usize>(p + i + 24)));
  }
  for (; i < n; i += 8) a = mix(a, load<u64>(<usize>(p + i)));
  const h = mix(mix(mix(a, b), c), e);
  return <u32>(h ^ (h >> 32));
}

function sameBytes(p: i32, q: i32, n: i32): bool {
  let i = 0;
  for (; i + 16 <= n; i += 16)
    if (!v128.all_true<i8>(i8x16.eq(v128.load(<usize>(p + i)), v128.load(<usize>(q + i))))) return false;
  for (; i < n; i++) if (load<u8>(<usize>(p + i)) != load<u8>(<usize>(q + i))) return false;
  return true;
}

/** The template id of the key at [KEYBUF, KEYBUF + n); a new id for a new key; -1 when the tables are full. */
export function templateOf(n: i32): i32 {
  store<u64>(<usize>(KEYBUF + n), 0);
  const h = hashKey(KEYBUF, n);
  const mask = HT_SLOTS - 1;
  let i = <i32>h & mask;
  for (;;) {
    const slot = HT + i * 8;
    const id1 = load<u32>(<usize>(slot + 4));
    if (id1 == 0) break;
    if (load<u32>(<usize>slot) == h) {
      const t = TPL + (<i32>id1 - 1) * 8;
      if (load<i32>(<usize>(t + 4)) == n && sameBytes(load<i32>(<usize>t), KEYBUF, n)) return <i32>id1 - 1;
    }
    i = (i + 1) & mask;
  }
  if (templates >= TPL_MAX || arenaAt + n > ARENA_END) return -1;
  const id = templates++;
  memory.copy(<usize>arenaAt, <usize>KEYBUF, <usize>n);
  store<i32>(<usize>(TPL + id * 8), arenaAt);
  store<i32>(<usize>(TPL + id * 8 + 4), n);
  arenaAt += n;
  const slot = HT + i * 8;
  store<u32>(<usize>slot, h);
  store<u32>(<usize>(slot + 4), <u32>(id + 1));
  return id;
}
