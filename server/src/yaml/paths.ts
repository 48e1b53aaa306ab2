// Field path <-> offset range in one parsed document. Offsets are JS string offsets (UTF-16 units).
import { isAlias, isMap, isPair, isScalar, isSeq, Scalar } from 'yaml';
import type { Node as YamlNode, Pair, YAMLMap, YAMLSeq } from 'yaml';
import { child, index, key, parseFieldPath } from '../core/fieldPath';
import type { FieldPath } from '../core/fieldPath';
import type { OffsetRange, ParsedDocument } from './parse';

export type PathPart = 'key' | 'value' | 'entry';

export interface PathLocation {
  range: OffsetRange;
  /** True when the whole path exists; false when the range is that of the nearest existing ancestor. */
  exact: boolean;
  /** How many path steps were found. */
  matchedSteps: number;
}

type Loc = { pair?: Pair<YamlNode, YamlNode>; node: YamlNode | null; item?: YamlNode | null };

function deref(doc: ParsedDocument, node: YamlNode | null | undefined): YamlNode | null {
  let n: YamlNode | null | undefined = node;
  // Bounded: a chain of aliases cannot be longer than the number of anchors; guard anyway.
  for (let hops = 0; n && isAlias(n) && hops < 64; hops++) {
    try {
      n = doc.ast ? (n.resolve(doc.ast) as YamlNode | undefined) : undefined;
    } catch {
      n = undefined;
    }
  }
  return n ?? null;
}

function keyText(k: unknown): string | undefined {
  if (k == null) return '';
  if (!isScalar(k)) return undefined;
  return k.value == null ? '' : String(k.value);
}

/** One mapping's keys, indexed once: lookups along many paths cost O(1) per step, not O(keys). */
interface MapIndex {
  items: unknown[];
  length: number;
  byKey: Map<string, Pair<YamlNode, YamlNode>>;
  merges: YamlNode[];
}

// Keyed by the AST node, which a document keeps for its lifetime (also across rebases after edits elsewhere).
const mapIndexes = new WeakMap<YAMLMap, MapIndex>();

function indexMap(map: YAMLMap): MapIndex {
  const cached = mapIndexes.get(map);
  // The length check catches an AST changed in place since it was indexed.
  if (cached && cached.items === map.items && cached.length === map.items.length) return cached;
  const byKey = new Map<string, Pair<YamlNode, YamlNode>>();
  const merges: YamlNode[] = [];
  for (const it of map.items as Pair<YamlNode, YamlNode>[]) {
    if (!isPair(it)) continue;
    const k = it.key;
    if (isScalar(k) && k.type === Scalar.PLAIN && k.value === '<<') {
      if (it.value) merges.push(it.value);
      continue;
    }
    const name = keyText(k);
    // the last duplicate wins, as in the decoded value
    if (name !== undefined) byKey.set(name, it);
  }
  const ix: MapIndex = { items: map.items, length: map.items.length, byKey, merges };
  mapIndexes.set(map, ix);
  return ix;
}

function findPair(doc: ParsedDocument, map: YAMLMap, name: string, depth = 0): Pair<YamlNode, YamlNode> | undefined {
  const { byKey, merges } = indexMap(map);
  const found = byKey.get(name);
  if (found || depth > 8) return found;
  for (const m of merges) {
    const target = deref(doc, m);
    const sources = isSeq(target) ? (target.items as YamlNode[]).map((x) => deref(doc, x)) : [target];
    for (const s of sources) {
      if (isMap(s)) {
        const p = findPair(doc, s, name, depth + 1);
        if (p) return p;
      }
    }
  }
  return undefined;
}

function abs(doc: ParsedDocument, r: readonly number[] | null | undefined): OffsetRange | undefined {
  if (!r || r.length < 2) return undefined;
  return [doc.base + r[0]!, doc.base + r[1]!];
}

function rangeOfLoc(doc: ParsedDocument, loc: Loc, part: PathPart): OffsetRange | undefined {
  const keyR = loc.pair ? abs(doc, (loc.pair.key as YamlNode | null)?.range) : undefined;
  const valNode = loc.item ?? loc.pair?.value ?? null;
  let valR = abs(doc, (valNode as YamlNode | null)?.range);
  // `key:` with no value: the empty scalar has a zero-length range; the key is a better anchor
  if (valR && valR[0] === valR[1] && keyR) valR = undefined;
  if (part === 'key') return keyR ?? valR;
  if (part === 'value') return valR ?? keyR;
  if (keyR && valR) return [keyR[0], Math.max(keyR[1], valR[1])];
  return keyR ?? valR;
}

/** Locate a field path; when it does not exist, locate the nearest existing ancestor (its key when it has one). */
export function locatePath(doc: ParsedDocument, path: FieldPath, part: PathPart): PathLocation | undefined {
  if (!doc.ast) return undefined;
  const root = deref(doc, doc.ast.contents as YamlNode | null);
  const steps = parseFieldPath(path);
  let cur: Loc = { node: root };
  let matched = 0;
  for (const step of steps) {
    const node = deref(doc, cur.node);
    let next: Loc | undefined;
    if ('field' in step) {
      if (isMap(node)) {
        const p = findPair(doc, node, step.field);
        if (p) next = { pair: p, node: p.value };
      }
    } else if (isSeq(node)) {
      if (/^\d+$/.test(step.bracket)) {
        const i = Number(step.bracket);
        const seq = node as YAMLSeq<YamlNode>;
        if (i < seq.items.length) {
          const it = seq.items[i] ?? null;
          next = { item: it, node: it };
        }
      }
    } else if (isMap(node)) {
      const p = findPair(doc, node, step.bracket);
      if (p) next = { pair: p, node: p.value };
    }
    if (!next) break;
    cur = next;
    matched++;
  }
  const exact = matched === steps.length;
  if (matched === 0 && steps.length > 0) {
    // Nothing matched: point at the first key of the document (usually apiVersion), or the root itself.
    if (isMap(root) && root.items.length > 0) {
      const first = root.items[0] as Pair<YamlNode, YamlNode>;
      const r = abs(doc, (first.key as YamlNode | null)?.range);
      if (r) return { range: r, exact: false, matchedSteps: 0 };
    }
    const r = abs(doc, root?.range) ?? [doc.range[0], doc.range[0]];
    return { range: r, exact: false, matchedSteps: 0 };
  }
  if (matched === 0) {
    const r = abs(doc, root?.range) ?? [doc.range[0], doc.range[0]];
    return { range: r, exact, matchedSteps: 0 };
  }
  const r = rangeOfLoc(doc, cur, exact ? part : 'key');
  return r ? { range: r, exact, matchedSteps: matched } : undefined;
}

/** The offset range of a field path's key, value, or whole entry; the nearest ancestor's key when the path is missing. */
export function rangeOfPath(doc: ParsedDocument, path: FieldPath, part: PathPart): OffsetRange | undefined {
  return locatePath(doc, path, part)?.range;
}

/** Decides whether a mapping key at `parent` is a struct field (`.name`) or a map key (`[name]`). */
export type MapKeyStyle = (parent: FieldPath, key: string) => 'field' | 'key';

// Without a schema: identifiers are fields, keys with dots, slashes or dashes (labels) are map keys.
export const defaultKeyStyle: MapKeyStyle = (_parent, k) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? 'field' : 'key');

function contains(r: readonly number[] | null | undefined, base: number, offset: number): boolean {
  return !!r && r.length >= 2 && base + r[0]! <= offset && offset <= base + r[1]!;
}

/** The field path under an offset, and whether the offset sits on a key or a value. */
export function pathAtOffset(
  doc: ParsedDocument,
  offset: number,
  keyStyle: MapKeyStyle = defaultKeyStyle,
): { path: FieldPath; part: 'key' | 'value' } | undefined {
  if (!doc.ast) return undefined;
  let node = doc.ast.contents as YamlNode | null;
  if (!node || !contains(node.range, doc.base, offset)) return undefined;
  let path: FieldPath = '';
  // Do not follow aliases here: the offset lies in the alias text, not in the anchored node.
  for (let guard = 0; guard < 10_000; guard++) {
    if (isMap(node)) {
      let hit: { pair: Pair<YamlNode, YamlNode>; onKey: boolean } | undefined;
      for (const it of node.items as Pair<YamlNode, YamlNode>[]) {
        if (!isPair(it)) continue;
        const k = it.key as YamlNode | null;
        if (k && contains(k.range, doc.base, offset)) { hit = { pair: it, onKey: true }; break; }
        const v = it.value as YamlNode | null;
        if (v && contains(v.range, doc.base, offset) && !(v.range && v.range[0] === v.range[1])) { hit = { pair: it, onKey: false }; break; }
      }
      if (!hit) return path ? { path, part: 'value' } : undefined;
      const name = keyText(hit.pair.key) ?? '';
      path = keyStyle(path, name) === 'field' ? child(path, name) : key(path, name);
      if (hit.onKey) return { path, part: 'key' };
      node = hit.pair.value as YamlNode | null;
      continue;
    }
    if (isSeq(node)) {
      const items = node.items as (YamlNode | null)[];
      let found = -1;
      for (let i = 0; i < items.length; i++) {
        if (contains(items[i]?.range, doc.base, offset)) { found = i; break; }
      }
      if (found < 0) return path ? { path, part: 'value' } : undefined;
      path = index(path, found);
      node = items[found] ?? null;
      continue;
    }
    return path ? { path, part: 'value' } : undefined;
  }
  return undefined;
}
