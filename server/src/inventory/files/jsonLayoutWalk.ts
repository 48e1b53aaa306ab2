// Walking an object of JSON as kubectl indents it (a fixed unit per depth, a raw newline never inside a string, a
// member's line starting with exactly its depth's indentation): a member's value ends at the first closing bracket
// on a line indented like its key, found by a native search for that one character, so the values a walk does not
// want are stepped over bracket by bracket, never parsed. A member line is read by its end (a bracket there opens
// its value); only a wanted key, or a key on a line holding a backslash, is read. Anything laid out otherwise that
// could change a wanted member makes the walk return -1.
// Used by podsJsonPick.ts; works on latin1 strings, so positions are bytes.

export const NL = 10;
const SP = 32;
export const QUOTE = 34;
const BACKSLASH = 92;
export const COMMA = 44;
const COLON = 58;
export const LBRACK = 91;
export const RBRACK = 93;
export const LBRACE = 123;
export const RBRACE = 125;

/** Whether `text` occurs in `s` at `at` (a loop of charCodeAt: the JIT inlines it; startsWith was far slower). */
export function occursAt(s: string, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (s.charCodeAt(at + i) !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * Whether the line after the newline at `nl` is indented exactly `d` and starts with `c`. In kubectl's layout the
 * line's first and last indentation columns decide it; an inner column that is not a space would leave the key's
 * quote where no key starts, which the caller's `": ` check refuses.
 */
export function lineAt(s: string, nl: number, d: number, c: number): boolean {
  return (
    s.charCodeAt(nl + d + 1) === c &&
    s.charCodeAt(nl) === NL &&
    (d === 0 || (s.charCodeAt(nl + 1) === SP && s.charCodeAt(nl + d) === SP))
  );
}

/** The closing bracket of the object or array opened at `open`, whose key (or item) line is indented `d`; -1. */
export function closeOf(s: string, open: number, d: number): number {
  const isObj = s.charCodeAt(open) === LBRACE;
  const closeCode = isObj ? RBRACE : RBRACK;
  if (s.charCodeAt(open + 1) === closeCode) return open + 1; // {} or []
  if (s.charCodeAt(open + 1) !== NL) return -1;
  const close = isObj ? '}' : ']';
  // A bracket that ends its line (a newline, or a comma and a newline, follows) is never inside a string; one that
  // also starts a line indented `d` closes this value. Nearly every bracket stepped over ends a line.
  for (let q = s.indexOf(close, open + 2); q >= 0; q = s.indexOf(close, q + 1)) {
    if (s.charCodeAt(q - d - 1) !== NL || (d > 0 && (s.charCodeAt(q - 1) !== SP || s.charCodeAt(q - d) !== SP))) continue;
    const after = s.charCodeAt(q + 1);
    if (after === NL || (after === COMMA && s.charCodeAt(q + 2) === NL) || q + 1 === s.length) return q;
  }
  return -1;
}

/** A member of an object being walked: its line's indentation, where its value starts and ends (exclusive). */
export interface Member {
  d: number;
  vs: number;
  ve: number;
}

/** What Keys.at gives for a wanted key not written `"key": ` (as kubectl writes every key): the walk refuses it. */
export const ODD_KEY = -2;

/** The keys a walk wants, found by their first character then compared in place (no key string is made). */
export class Keys {
  private readonly byFirst: (number[] | undefined)[] = [];
  private readonly texts: string[];
  /**
   * `walks[k]`: the bracket key k's value opens when its visit walks it (then its end is where that walk ends,
   * not searched for first); 0 otherwise.
   */
  readonly walks: number[];
  /** How far after its first character key k's value starts (past `": `). */
  readonly lengths: number[];

  constructor(
    readonly names: readonly string[],
    walked: Readonly<Record<string, number>> = {},
  ) {
    this.texts = names.map((name) => `${name}"`);
    this.walks = names.map((name) => walked[name] ?? 0);
    this.lengths = this.texts.map((t) => t.length + 2);
    names.forEach((name, i) => (this.byFirst[name.charCodeAt(0)] ??= []).push(i));
  }

  /** Which wanted key starts at `k0` (just after its opening quote): its index, -1, or ODD_KEY. */
  at(s: string, k0: number): number {
    const cands = this.byFirst[s.charCodeAt(k0)];
    if (cands === undefined) return -1;
    for (let j = 0; j < cands.length; j++) {
      const k = cands[j]!;
      const text = this.texts[k]!;
      if (!occursAt(s, k0, text)) continue;
      const after = k0 + text.length;
      return s.charCodeAt(after) === COLON && s.charCodeAt(after + 1) === SP ? k : ODD_KEY;
    }
    return -1;
  }
}

/** Called for each wanted member (`k`: its index in the walk's keys) with the walk's target; false: not as expected. */
export type Visit<T> = (s: string, k: number, m: Member, target: T, unit: number) => boolean;

// One Member per depth, reused: walks nest but never two at the same depth.
const members: Member[] = [];
const memberAt = (depth: number): Member => (members[depth] ??= { d: 0, vs: 0, ve: 0 });

// Where the next backslash is in the text being walked, at or after `from` (Infinity: none), so that each member
// line is checked for one by a comparison; searched again only when a walk moves to another text, backwards, or
// past it. Backslashes are rare in kubectl's pods: one search usually covers a whole run of items.
const cursor = { s: '', from: 0, at: 0 };

function backslashOn(s: string, k0: number, nl: number): boolean {
  if (s !== cursor.s || k0 < cursor.from || cursor.at < k0) {
    const at = s.indexOf('\\', k0);
    cursor.s = s;
    cursor.from = k0;
    cursor.at = at < 0 ? Infinity : at;
  }
  return cursor.at < nl;
}

// A key read to its end: no escape in it, then `": ` (how kubectl writes every key).
function plainKey(s: string, k0: number, nl: number): boolean {
  let k1 = k0;
  for (let c = s.charCodeAt(k1); c !== QUOTE; c = s.charCodeAt(++k1)) if (c === BACKSLASH || k1 >= nl) return false;
  return s.charCodeAt(k1 + 1) === COLON && s.charCodeAt(k1 + 2) === SP;
}

/**
 * Walks the members of the object opened at `open` (its own line indented `d`, members at `d + unit`), calling
 * `visit` for each member `keys` wants. The position of the closing brace, or -1 when the object is not laid out
 * as kubectl prints it.
 */
export function walkObject<T>(
  s: string,
  open: number,
  d: number,
  unit: number,
  keys: Keys,
  visit: Visit<T>,
  target: T,
): number {
  if (s.charCodeAt(open) !== LBRACE) return -1;
  if (s.charCodeAt(open + 1) === RBRACE) return open + 1;
  const md = d + unit;
  const m = memberAt(md);
  let at = open + 1; // the newline before a member's line
  for (;;) {
    if (!lineAt(s, at, md, QUOTE)) return -1;
    const k0 = at + md + 2;
    // A member is told by its line's end, not by stepping over its key: a line that ends with a bracket (before a
    // comma) opens an object or array, since a string ends with a quote and a raw newline is never inside one.
    const nl = s.indexOf('\n', k0);
    if (nl < 0) return -1;
    // Only a line with a backslash can hide a wanted key behind an escape: its key is read to its end.
    if (backslashOn(s, k0, nl) && !plainKey(s, k0, nl)) return -1;
    let last = nl - 1;
    let lc = s.charCodeAt(last);
    if (lc === COMMA) lc = s.charCodeAt(--last);
    const k = keys.at(s, k0);
    if (k === ODD_KEY) return -1;
    m.d = md;
    m.vs = k >= 0 ? k0 + keys.lengths[k]! : last;
    const opens = lc === LBRACE || lc === LBRACK;
    if (opens && m.vs === last) {
      if (k >= 0 && keys.walks[k] === lc) {
        // The visit walks the value and sets where it ends (a search for the end first would step over every
        // bracket inside it once more).
        m.ve = -1;
        if (!visit(s, k, m, target, unit) || m.ve < 0) return -1;
      } else {
        const close = closeOf(s, last, md);
        if (close < 0) return -1;
        m.ve = close + 1;
        if (k >= 0 && !visit(s, k, m, target, unit)) return -1;
      }
    } else {
      // A scalar, `{}` or `[]`; for a key not wanted, whatever the line holds (never read).
      m.ve = last + 1;
      if (k >= 0) {
        const first = s.charCodeAt(m.vs);
        // A wanted object or array on one line is kubectl's only when empty.
        if ((first === LBRACE || first === LBRACK) && !(m.ve === m.vs + 2 && s.charCodeAt(m.vs + 1) === first + 2))
          return -1;
        if (!visit(s, k, m, target, unit)) return -1;
      }
    }
    const after = s.charCodeAt(m.ve);
    if (after === COMMA) {
      at = m.ve + 1;
      continue;
    }
    return after === NL && lineAt(s, m.ve, d, RBRACE) ? m.ve + d + 1 : -1;
  }
}

/**
 * Walks each object of the array member `m` (opened by `[` at the end of its key's line, its entries one unit
 * deeper), the target of each from `entry`; sets the member's end. False when not laid out as kubectl prints it.
 */
export function walkEntries<T>(s: string, m: Member, unit: number, keys: Keys, visit: Visit<T>, entry: () => T): boolean {
  const d = m.d + unit; // the entries' lines
  let at = m.vs + 1;
  for (;;) {
    if (!lineAt(s, at, d, LBRACE)) return false;
    const close = walkObject(s, at + d + 1, d, unit, keys, visit, entry());
    if (close < 0) return false;
    if (s.charCodeAt(close + 1) === COMMA) {
      at = close + 2;
      continue;
    }
    // The array's `]` on the next line, indented like its key: the member ends after it.
    if (!lineAt(s, close + 1, m.d, RBRACK)) return false;
    m.ve = close + m.d + 3;
    return true;
  }
}

