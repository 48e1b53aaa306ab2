// Walking an object of JSON as kubectl indents it (a fixed unit per depth, a raw newline never inside a string, a
// member's line starting with exactly its depth's indentation): a member's value ends at the first closing bracket
// on a line indented like its key, found by a native search for that one character, so the values a walk does not
// want are stepped over bracket by bracket, never parsed. Anything laid out otherwise makes the walk return -1.
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

/** The keys a walk wants, found by their first character then compared in place (no key string is made). */
export class Keys {
  private readonly byFirst: (number[] | undefined)[] = [];
  private readonly texts: string[];
  /**
   * `walks[k]`: the bracket key k's value opens when its visit walks it (then its end is where that walk ends,
   * not searched for first); 0 otherwise.
   */
  readonly walks: number[];

  constructor(
    readonly names: readonly string[],
    walked: Readonly<Record<string, number>> = {},
  ) {
    this.texts = names.map((name) => `${name}": `);
    this.walks = names.map((name) => walked[name] ?? 0);
    names.forEach((name, i) => (this.byFirst[name.charCodeAt(0)] ??= []).push(i));
  }

  /** Which wanted key starts at `k0` (just after its opening quote), or -1. */
  at(s: string, k0: number): number {
    const cands = this.byFirst[s.charCodeAt(k0)];
    if (cands === undefined) return -1;
    for (let j = 0; j < cands.length; j++) if (occursAt(s, k0, this.texts[cands[j]!]!)) return cands[j]!;
    return -1;
  }
}

/** Called for each wanted member (`k`: its index in the walk's keys) with the walk's target; false: not as expected. */
export type Visit<T> = (s: string, k: number, m: Member, target: T, unit: number) => boolean;

// One Member per depth, reused: walks nest but never two at the same depth.
const members: Member[] = [];
const memberAt = (depth: number): Member => (members[depth] ??= { d: 0, vs: 0, ve: 0 });

/**
 * Walks the members of the object opened at `open` (its own line indented `d`, members at `d + unit`), calling
 * `visit` for each member `keys` wants. The position of the closing brace, or -1 when the object is not laid out
 * as kubectl prints it.
 */
export function walkObject<T>(s: string, open: number, d: number, unit: number, keys: Keys, visit: Visit<T>, target: T): number {
  if (s.charCodeAt(open) !== LBRACE) return -1;
  if (s.charCodeAt(open + 1) === RBRACE) return open + 1;
  const md = d + unit;
  const m = memberAt(md);
  let at = open + 1; // the newline before a member's line
  for (;;) {
    if (!lineAt(s, at, md, QUOTE)) return -1;
    const k0 = at + md + 2;
    // Every key, wanted or not, as kubectl writes it: `"key": ` (an escape or a line end in it is not expected).
    // Keys are short: stepping over them beats a search.
    let k1 = k0;
    for (let c = s.charCodeAt(k1); c !== QUOTE; c = s.charCodeAt(++k1)) {
      if (c === NL || c === BACKSLASH || c !== c) return -1; // c !== c: past the end (NaN)
    }
    if (s.charCodeAt(k1 + 1) !== COLON || s.charCodeAt(k1 + 2) !== SP) return -1;
    const vs = k1 + 3;
    const first = s.charCodeAt(vs);
    const k = keys.at(s, k0);
    m.d = md;
    m.vs = vs;
    if (first === LBRACE || first === LBRACK) {
      // An object or array that is not empty ends its key's line with the bracket.
      const second = s.charCodeAt(vs + 1);
      if (second === NL) {
        if (k >= 0 && keys.walks[k] === first) {
          // The visit walks the value and sets where it ends (a search for the end first would step over
          // every bracket inside it once more).
          m.ve = -1;
          if (!visit(s, k, m, target, unit) || m.ve < 0) return -1;
        } else {
          const close = closeOf(s, vs, md);
          if (close < 0) return -1;
          m.ve = close + 1;
          if (k >= 0 && !visit(s, k, m, target, unit)) return -1;
        }
      } else if (second === first + 2) {
        m.ve = vs + 2; // {} or []
        if (k >= 0 && !visit(s, k, m, target, unit)) return -1;
      } else return -1; // a compact object or array on one line
    } else {
      const nl = s.indexOf('\n', vs);
      if (nl < 0) return -1;
      m.ve = s.charCodeAt(nl - 1) === COMMA ? nl - 1 : nl;
      if (k >= 0 && !visit(s, k, m, target, unit)) return -1;
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

