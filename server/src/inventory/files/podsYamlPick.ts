// In a big `kubectl get pods -A -o yaml` file, a Pod item is pruned to the lines the scheduler's view reads before
// it is parsed: most of a pod (managed fields, env, probes, volumes, most of status) is never read, and stepping over
// a line costs far less than parsing it. kubectl (go-yaml) prints every key of a block mapping on its own line at
// its depth's indentation, a block sequence's `- ` at its key's indentation, and anything inside a value deeper
// (continued scalars, block scalars, nested collections), so a key's subtree is every following line that is deeper,
// a `- ` entry at the key's own column, or blank. The kept lines stay as they were, so the pruned text is YAML whose
// value is the item with only those keys; what parses it is the same kubectl-subset reader as before. These rules
// are mirrored over raw bytes by the WebAssembly scanner in server/wasm/podsYamlScan: change both
// (test/inventory/podsYamlScan.test.ts compares them).
import { oneLineString } from './kubectlYamlScalars';
import type { StampKey } from './podTemplates';

/**
 * What is kept of a value: all, some keys of a mapping or of each mapping in a sequence, all if it holds a word; or
 * all, noted as one of the pod's name, uid and node name (IDENTITY), which its template leaves out.
 */
type Rule = 'whole' | { map: Shape } | { seq: Shape } | { ifHas: string } | { identity: number };

const NAME = 0;
const UID = 1;
const NODE_NAME = 2;

/** The keys kept of a mapping, found by their first letter and length (no string is cut out per key line). */
class Shape {
  private readonly byFirst: [string, Rule][][] = [];

  constructor(entries: [string, Rule][]) {
    for (const e of entries) (this.byFirst[e[0].charCodeAt(0)] ??= []).push(e);
  }

  /** The rule of the key `s[k0, colon)`, or undefined when it is not kept. */
  ruleOf(s: string, k0: number, colon: number): Rule | undefined {
    const candidates = this.byFirst[s.charCodeAt(k0)];
    if (candidates === undefined) return undefined;
    const len = colon - k0;
    for (const [name, rule] of candidates) {
      if (name.length !== len) continue;
      let i = 1;
      while (i < len && s.charCodeAt(k0 + i) === name.charCodeAt(i)) i++;
      if (i === len) return rule;
    }
    return undefined;
  }
}

const shape = (entries: [string, Rule][]): Shape => new Shape(entries);
const wholeKeys = (names: string[]): [string, Rule][] => names.map((n) => [n, 'whole']);

// What podModel.ts reads, as podsJsonPick.ts picks it from JSON.
const CONTAINER = shape(wholeKeys(['name', 'restartPolicy', 'resources', 'allocatedResources', 'ports']));
const META: [string, Rule][] = [
  ['name', { identity: NAME }],
  ['uid', { identity: UID }],
  ...wholeKeys(['namespace', 'labels', 'deletionTimestamp']),
];
const SPEC = shape([
  ['nodeName', { identity: NODE_NAME }],
  ...wholeKeys(['overhead', 'resources', 'affinity', 'topologySpreadConstraints']),
  ['containers', { seq: CONTAINER }],
  ['initContainers', { seq: CONTAINER }],
]);
const STATUS = shape([
  ...wholeKeys(['phase', 'resize', 'resources', 'allocatedResources']),
  // Only resize conditions are read; pods seldom have one.
  ['conditions', { ifHas: 'PodResize' }],
  ['containerStatuses', { seq: CONTAINER }],
  ['initContainerStatuses', { seq: CONTAINER }],
]);
const itemShape = (withOwners: boolean): Shape =>
  shape([
    ['kind', 'whole'],
    ['metadata', { map: shape(withOwners ? [...META, ['ownerReferences', 'whole']] : META) }],
    ['spec', { map: SPEC }],
    ['status', { map: STATUS }],
  ]);
const ITEM = itemShape(false);
const ITEM_WITH_OWNERS = itemShape(true);

const NL = 10;
const SPACE = 32;
const DASH = 45;

class Unexpected extends Error {}
const unexpected = (): never => {
  throw new Unexpected();
};

class Pruner {
  readonly out: string[] = [];
  /** Per IDENTITY rule: its line's index in `out` and its value's text (-1 and '': not met). */
  readonly identityAt = [-1, -1, -1];
  readonly identity = ['', '', ''];
  /** False when an identity value is not on its key's line alone (it is then parsed with the rest). */
  identityPlain = true;

  constructor(
    private readonly s: string,
    private readonly end: number,
  ) {}

  private next(p: number): number {
    const nl = this.s.indexOf('\n', p);
    return nl < 0 || nl >= this.end ? this.end : nl + 1;
  }

  // Whether the line at `p` has at least `n` leading spaces.
  private spaces(p: number, n: number): boolean {
    for (let i = n - 1; i >= 0; i--) if (this.s.charCodeAt(p + i) !== SPACE) return false;
    return true;
  }

  private blank(p: number): boolean {
    while (p < this.end && this.s.charCodeAt(p) === SPACE) p++;
    return p >= this.end || this.s.charCodeAt(p) === NL;
  }

  /** The start of the first line after `p` that is not in the subtree of a key at column `c`. */
  private subtreeEnd(p: number, c: number): number {
    // The hot loop of a big file (most lines are stepped over here): one search and a few reads per line.
    const s = this.s;
    const end = this.end;
    while (p < end) {
      const at = s.charCodeAt(p + c);
      let inside = false;
      if (at === SPACE || at === DASH) {
        let i = p + c - 1;
        while (i >= p && s.charCodeAt(i) === SPACE) i--;
        if (i < p) {
          const after = s.charCodeAt(p + c + 1);
          inside = at === SPACE || after === SPACE || after === NL; // deeper, or an entry of the key's sequence
        }
      }
      if (!inside && !this.blank(p)) return p;
      const nl = s.indexOf('\n', inside ? p + c : p);
      p = nl < 0 || nl >= end ? end : nl + 1;
    }
    return end;
  }

  /**
   * The keys of a block mapping at column `c` from the line at `p`, kept as `keys` says; where the mapping is an
   * entry of a sequence its first line starts with `- ` two columns left of `c`. The start of the line after it.
   */
  mapping(p: number, c: number, keys: Shape, dashed: boolean): number {
    const s = this.s;
    const first = this.out.length;
    const dashLine = dashed ? p : -1;
    let firstAt = -1; // where the first kept line starts
    while (p < this.end) {
      const lead =
        p === dashLine
          ? this.spaces(p, c - 2) && s.charCodeAt(p + c - 2) === DASH && s.charCodeAt(p + c - 1) === SPACE
          : this.spaces(p, c);
      if (!lead) break; // shallower: the mapping ended (blank lines and comments are not kubectl's)
      const k0 = p + c;
      const ch = s.charCodeAt(k0);
      // A deeper line where a key should start, or a key as kubectl never prints one (quoted, complex, a comment).
      if (!((ch >= 97 && ch <= 122) || (ch >= 65 && ch <= 90))) unexpected();
      const eol = this.next(p);
      const colon = s.indexOf(':', k0);
      if (colon < 0 || colon >= eol) unexpected();
      const after = s.charCodeAt(colon + 1);
      const block = after === NL || colon + 1 >= this.end;
      if (!block && after !== SPACE) unexpected();
      const stop = this.subtreeEnd(eol, c);
      const rule = keys.ruleOf(s, k0, colon);
      if (rule === undefined) {
        // not read
      } else if (rule === 'whole') {
        this.out.push(s.slice(p, stop));
      } else if ('identity' in rule) {
        const i = rule.identity;
        if (block || stop !== eol || this.identityAt[i]! >= 0) this.identityPlain = false;
        this.identityAt[i] = this.out.length;
        this.identity[i] = s.slice(colon + 2, s.charCodeAt(eol - 1) === NL ? eol - 1 : eol);
        this.out.push(s.slice(p, stop));
      } else if ('ifHas' in rule) {
        const subtree = s.slice(p, stop); // (a search of `s` would run on to its end where the word is absent)
        if (subtree.includes(rule.ifHas)) this.out.push(subtree);
      } else if (!block || stop === eol) {
        this.out.push(s.slice(p, stop)); // `{}`, `[]`, a scalar or nothing: as it is
      } else {
        this.out.push(s.slice(p, eol));
        if ('map' in rule) {
          const d = this.indent(eol);
          if (d <= c || this.mapping(eol, d, rule.map, false) !== stop) unexpected();
        } else if (this.sequence(eol, stop, rule.seq) !== stop) unexpected();
      }
      if (firstAt < 0 && this.out.length > first) firstAt = p;
      p = stop;
    }
    if (dashed) this.dash(first, firstAt === dashLine, c - 2);
    return p;
  }

  // The mappings of a block sequence whose first `- ` is on the line at `p`.
  private sequence(p: number, stop: number, keys: Shape): number {
    const d = this.indent(p);
    while (p < stop) {
      const entry = this.indent(p) === d && this.s.charCodeAt(p + d) === DASH && this.s.charCodeAt(p + d + 1) === SPACE;
      if (!entry) unexpected();
      p = this.mapping(p, d + 2, keys, true);
    }
    return p;
  }

  private indent(p: number): number {
    let i = 0;
    while (this.s.charCodeAt(p + i) === SPACE) i++;
    return i;
  }

  // An entry's kept lines must start with its `- `: when its first key was not kept, the first kept line takes it.
  private dash(first: number, keptDashLine: boolean, col: number): void {
    const pad = ' '.repeat(col);
    if (this.out.length === first) this.out.push(`${pad}- {}\n`);
    else if (!keptDashLine) this.out[first] = `${pad}- ${this.out[first]!.slice(col + 2)}`;
  }
}

/**
 * A pruned item: its kept lines, and where the next item starts. `id`, when the pod's name, uid and node name are
 * one-line strings: its key, the kept lines but those three (items with one key give one pod but for them), and
 * their values.
 */
export interface PrunedItem {
  text: string;
  next: number;
  id?: StampKey;
}

/**
 * The Pod item whose `- ` is at `from` (column 0), pruned to the lines the scheduler's view reads (and its owners
 * when `withOwners`), and where it ends: at `end` or at the next item's `- `. Undefined when it is not laid out as
 * kubectl prints it.
 */
export function pruneYamlItem(text: string, from: number, end: number, withOwners: boolean): PrunedItem | undefined {
  const p = new Pruner(text, end);
  let next: number;
  try {
    next = p.mapping(from, 2, withOwners ? ITEM_WITH_OWNERS : ITEM, true);
  } catch (e) {
    if (e instanceof Unexpected) return undefined;
    throw e;
  }
  const atItem = next === end || (text.charCodeAt(next) === DASH && text.charCodeAt(next + 1) === SPACE);
  if (!atItem) return undefined;
  const item: PrunedItem = { text: p.out.join(''), next };
  if (!p.identityPlain || p.identityAt[NAME]! < 0) return item;
  const [name, uid, nodeName] = p.identity.map((v, i) => (p.identityAt[i]! < 0 ? null : oneLineString(v)));
  if (!name || uid === undefined || nodeName === undefined) return item;
  const at = p.identityAt;
  const key = '\u0005' + p.out.filter((_, i) => i !== at[NAME] && i !== at[UID] && i !== at[NODE_NAME]).join('');
  item.id = { key, name, uid, nodeName };
  return item;
}
