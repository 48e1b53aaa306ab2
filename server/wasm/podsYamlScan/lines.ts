// kubectl's YAML line layout over the input's bytes: the line tests of server/src/inventory/files/podsYamlPick.ts
// (Pruner next, spaces, blank, indent, subtreeEnd), on bytes instead of a string. A byte at or past END reads as
// nothing (JS charCodeAt past the string's end). Every line a walk passes is searched for its end here, so a
// carriage return anywhere in an item is noticed (sawCR): the JS reader never prunes CRLF text.
import { ch, END, findByte, NL, SP } from '../common/bytes';

export const CR = 13, DASH = 45, COLON = 58;

/** A carriage return was met since the walk of the item began. */
export let sawCR = false;

export function clearCR(): void {
  sawCR = false;
}

/** The byte at `p`, or 0 past END. */
@inline export function at(p: i32): i32 {
  return p < END ? ch(p) : 0;
}

/** The newline ending the line from `p`, or END; a carriage return on the way sets sawCR. */
function lineEnd(p: i32): i32 {
  const nl = i8x16.splat(<i8>NL), cr = i8x16.splat(<i8>CR);
  while (p < END) {
    const v = v128.load(<usize>p);
    const m = i8x16.bitmask(v128.or(i8x16.eq(v, nl), i8x16.eq(v, cr)));
    if (m != 0) {
      const q = p + ctz<i32>(m);
      if (q >= END) return END;
      if (ch(q) == NL) return q;
      sawCR = true;
      const e = findByte(q + 1, NL);
      return e < 0 ? END : e;
    }
    p += 16;
  }
  return END;
}

/** The start of the line after the one at `p` (Pruner next): after its newline, or END. */
export function nextLine(p: i32): i32 {
  const e = lineEnd(p);
  return e >= END ? END : e + 1;
}

/** Whether the line at `p` starts with at least `n` spaces. */
export function spaces(p: i32, n: i32): bool {
  if (p + n > END) return false;
  for (let i = n - 1; i >= 0; i--) if (ch(p + i) != SP) return false;
  return true;
}

export function blank(p: i32): bool {
  while (p < END && ch(p) == SP) p++;
  return p >= END || ch(p) == NL;
}

export function indent(p: i32): i32 {
  let i = 0;
  while (at(p + i) == SP) i++;
  return i;
}

/** Whether the `c` bytes from `p` (before END) are spaces: one 16-byte compare for the usual depths. */
@inline function leadingSpaces(p: i32, c: i32): bool {
  if (c <= 16) {
    const full = (1 << c) - 1;
    return (i8x16.bitmask(i8x16.eq(v128.load(<usize>p), i8x16.splat(<i8>SP))) & full) == full;
  }
  let i = p + c - 1;
  while (i >= p && ch(i) == SP) i--;
  return i < p;
}

// Whether the line at `p` is in the subtree of a key at column `c`: deeper, or an entry of the key's sequence.
@inline function inside(p: i32, c: i32): bool {
  const a = at(p + c);
  if (a != SP && a != DASH) return false;
  if (!leadingSpaces(p, c)) return false;
  const after = at(p + c + 1);
  return a == SP || after == SP || after == NL;
}

/** The start of the first line from `p` on that is not in the subtree of a key at column `c` (Pruner subtreeEnd). */
export function subtreeEnd(p: i32, c: i32): i32 {
  while (p < END) {
    const deeper = inside(p, c);
    if (!deeper && !blank(p)) return p;
    p = nextLine(deeper ? p + c : p);
  }
  return END;
}

/** Whether the subtree of a key at column `c` whose line ends before `p` is empty: subtreeEnd(p, c) == p. */
export function subtreeEmpty(p: i32, c: i32): bool {
  return p >= END || (!inside(p, c) && !blank(p));
}

/** The first colon in [p, e), or -1. */
export function colonBefore(p: i32, e: i32): i32 {
  const q = findByte(p, COLON);
  return q >= 0 && q < e ? q : -1;
}
