// kubectl's JSON layout tests over the input's bytes (the searches themselves are in ../common/bytes.ts): the same
// tests as server/src/inventory/files/jsonLayoutWalk.ts (lineAt, closeOf), on bytes instead of a string.
import { ch, END, findByte, NL, SP } from '../common/bytes';

export { ch, contains, findByte, NL, setEnd, SP } from '../common/bytes';
export const BS = 92, COLON = 58, QUOTE = 34, COMMA = 44;
export const LBRACK = 91, RBRACK = 93, LBRACE = 123, RBRACE = 125;

/** Whether the line findLineEnd last searched holds a backslash. */
export let lineBackslash = false;

/** The newline ending the member line from `p` (-1), noting in lineBackslash whether a backslash is on the line. */
export function findLineEnd(p: i32): i32 {
  lineBackslash = false;
  const nl = i8x16.splat(<i8>NL), bs = i8x16.splat(<i8>BS);
  while (p < END) {
    const v = v128.load(<usize>p);
    const m = i8x16.bitmask(v128.or(i8x16.eq(v, nl), i8x16.eq(v, bs)));
    if (m != 0) {
      const q = p + ctz<i32>(m);
      if (q >= END) return -1;
      if (ch(q) == NL) return q;
      lineBackslash = true;
      return findByte(q + 1, NL);
    }
    p += 16;
  }
  return -1;
}

/** Whether the line after the newline at `nl` is `d` spaces then `c` (jsonLayoutWalk.ts lineAt). */
@inline export function lineAt(nl: i32, d: i32, c: i32): bool {
  return ch(nl + d + 1) == c && ch(nl) == NL && (d == 0 || (ch(nl + 1) == SP && ch(nl + d) == SP));
}

/** Whether the bracket at q, its line starting at q - d - 1 with a newline, closes the value (JS closeOf's test). */
@inline function closesAt(q: i32, d: i32): bool {
  if (d > 0 && (ch(q - 1) != SP || ch(q - d) != SP)) return false;
  const after = ch(q + 1);
  return after == NL || (after == COMMA && ch(q + 2) == NL);
}

/**
 * The closing bracket of the value opened at `open`, its key line indented `d`; -1. As JS closeOf, but the search
 * looks for the bracket and a newline d + 1 bytes before it at once, so the deeper brackets are passed over in bulk.
 */
export function closeOf(open: i32, d: i32): i32 {
  const cc = ch(open) == LBRACE ? RBRACE : RBRACK;
  if (ch(open + 1) == cc) return open + 1;
  if (ch(open + 1) != NL) return -1;
  let p = open + 2;
  const back = d + 1;
  const pc = i8x16.splat(<i8>cc), pn = i8x16.splat(<i8>NL);
  while (p < END) {
    let m = i8x16.bitmask(v128.and(i8x16.eq(v128.load(<usize>p), pc), i8x16.eq(v128.load(<usize>(p - back)), pn)));
    while (m != 0) {
      const q = p + ctz<i32>(m);
      if (q >= END) return -1;
      if (closesAt(q, d)) return q;
      m &= m - 1;
    }
    p += 16;
  }
  return -1;
}

/** A string value without escapes or quotes inside (podsJsonPick.ts plainString). */
export function plainString(vs: i32, ve: i32): bool {
  if (ch(vs) != QUOTE || ch(ve - 1) != QUOTE || ve - vs < 2) return false;
  for (let p = vs + 1; p < ve - 1; p++) {
    const c = ch(p);
    if (c == BS || c == QUOTE) return false;
  }
  return true;
}

/** Whether the key from k0 to its quote holds no backslash and is followed by `: ` (jsonLayoutWalk.ts). */
export function plainKey(k0: i32, nl: i32): bool {
  let k1 = k0;
  for (let c = ch(k1); c != QUOTE; c = ch(++k1)) if (c == BS || k1 >= nl) return false;
  return ch(k1 + 1) == COLON && ch(k1 + 2) == SP;
}
