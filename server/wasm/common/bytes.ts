// Byte reads and searches over a scanner's input in linear memory, 16 bytes a step (SIMD), shared by the pods JSON
// and YAML scanners. Positions are i32 byte addresses. The caller leaves PAD zeroed bytes after the input's end, so
// a 16-byte load near END stays inside memory and finds nothing there.

export const NL = 10, SP = 32;

/** The end of the bytes walkable in this scan. */
export let END: i32 = 0;

export function setEnd(end: i32): void {
  END = end;
}

@inline export function ch(p: i32): i32 {
  return <i32>load<u8>(<usize>p);
}

/** First `c` at or after `p` and before END; -1. */
export function findByte(p: i32, c: i32): i32 {
  const pat = i8x16.splat(<i8>c);
  while (p < END) {
    const m = i8x16.bitmask(i8x16.eq(v128.load(<usize>p), pat));
    if (m != 0) {
      const q = p + ctz<i32>(m);
      return q < END ? q : -1;
    }
    p += 16;
  }
  return -1;
}

/** Whether `text` (ASCII) occurs in [vs, ve). */
export function contains(vs: i32, ve: i32, text: string): bool {
  const c0 = <i32>text.charCodeAt(0);
  const n = text.length;
  const save = END;
  END = ve - n + 1;
  let found = false;
  for (let p = findByte(vs, c0); p >= 0; p = findByte(p + 1, c0)) {
    let i = 1;
    while (i < n && ch(p + i) == <i32>text.charCodeAt(i)) i++;
    if (i == n) {
      found = true;
      break;
    }
  }
  END = save;
  return found;
}
