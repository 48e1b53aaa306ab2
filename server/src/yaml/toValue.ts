// A composed YAML document -> the plain JSON value kubectl sends for it (go-yaml v2 decoding into
// interface{}, then sigs.k8s.io/yaml's conversion to JSON), bounded against alias bombs and deep nesting.
// Scalar nodes of the AST are updated in place to the typed value (keys to their JSON key), so that every
// reader of the AST (field paths, hovers) agrees with the value.
import { isAlias, isMap, isPair, isScalar, isSeq, Scalar } from 'yaml';
import type { Node as YamlNode, Pair, YAMLMap, YAMLSeq, Alias } from 'yaml';
import type { YamlCode } from '../codes/index';
import { jsonKey, resolvePlain, resolveTagged, type Resolved } from './goResolve';
import { decodeQuoted } from './goQuoted';
import { FIXED_LIMIT } from './budgets';

type OffsetRange = [start: number, end: number];

export interface ValueIssue {
  code: YamlCode;
  message: string;
  range: OffsetRange;
}

export interface ValueLimits {
  maxAliasNodes: number;
  maxDepth: number;
}

/** Integers beyond 2^53 lose digits as JS numbers: their exact value, by container and key/index. */
const exactIntegers = new WeakMap<object, Map<string, bigint>>();

/** The exact integer written at `container[key]`, when it is too large for a JS number to hold exactly. */
export function exactInteger(container: object, key: string | number): bigint | undefined {
  return exactIntegers.get(container)?.get(String(key));
}

interface Converted {
  value: unknown;
  size: number;
  /** The exact integer, when the value is one beyond 2^53. */
  int?: bigint;
}

interface State {
  base: number;
  text: string;
  limits: ValueLimits;
  errors: ValueIssue[];
  anchors: Map<string, YamlNode>;
  done: Map<YamlNode, Converted>;
  inProgress: Set<YamlNode>;
  aliasNodes: number;
  aliasLimitReported: boolean;
  depthReported: boolean;
}

function rangeOf(st: State, node: { range?: [number, number, number] | null } | null | undefined): OffsetRange {
  const r = node?.range;
  return r ? [st.base + r[0], st.base + r[1]] : [st.base, st.base];
}

function setOwn(obj: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
  else obj[k] = v;
}

function remember(container: object, key: string | number, c: Converted): void {
  if (c.int === undefined || Number.isSafeInteger(c.value)) return;
  let m = exactIntegers.get(container);
  if (!m) exactIntegers.set(container, (m = new Map()));
  m.set(String(key), c.int);
}

/** What go-yaml makes of a scalar: a typed value, or an error located at the scalar. */
function resolveScalar(st: State, node: Scalar): Resolved | undefined {
  const r = node.range;
  const source = r ? st.text.slice(r[0], r[1]) : '';
  // `source` is the scalar's string before any tag resolution by the `yaml` package (e.g. !!binary)
  const raw = (node as { source?: unknown }).source;
  let text = typeof raw === 'string' ? raw : typeof node.value === 'string' ? node.value : String(node.value ?? '');
  const quoted = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
  const closed = source.length > 1 && source[source.length - 1] === source[0];
  if (quoted && closed && /[\\\r\n\u0085\u2028\u2029]/.test(source)) {
    const q = decodeQuoted(source);
    if ('error' in q) {
      const at = st.base + (r ? r[0] : 0) + q.offset;
      st.errors.push({ code: 'yaml.syntax', message: `while parsing a quoted scalar: ${q.error}`, range: [at, at + 2] });
      return undefined;
    }
    text = q.value;
  }
  const tag = (node as { tag?: string }).tag;
  if (tag && tag !== '!') {
    const t = resolveTagged(tag, text, quoted);
    if ('error' in t) {
      st.errors.push({ code: 'yaml.syntax', message: t.error, range: rangeOf(st, node) });
      return undefined;
    }
    return t;
  }
  if (quoted || node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) return { tag: 'str', value: text };
  return resolvePlain(text);
}

function convertScalar(st: State, node: Scalar): Converted {
  const r = resolveScalar(st, node);
  if (!r) return { value: null, size: 1 };
  if (r.tag === 'float' && !Number.isFinite(r.value as number)) {
    const shown = Number.isNaN(r.value) ? 'NaN' : (r.value as number) > 0 ? '+Inf' : '-Inf';
    st.errors.push({
      code: 'yaml.syntax',
      message: `json: unsupported value: ${shown} (kubectl converts YAML to JSON, which has no such number)`,
      range: rangeOf(st, node),
    });
    return { value: null, size: 1 };
  }
  node.value = r.value;
  return { value: r.value, size: 1, int: r.int };
}

function convert(st: State, node: YamlNode | null | undefined, depth: number): Converted {
  if (node == null) return { value: null, size: 1 };
  if (isAlias(node)) return convertAlias(st, node);
  if (depth > st.limits.maxDepth) {
    if (!st.depthReported) {
      st.depthReported = true;
      const message = `nesting deeper than ${st.limits.maxDepth} levels is not supported (depth limit, ${FIXED_LIMIT})`;
      st.errors.push({ code: 'yaml.tooDeep', message, range: rangeOf(st, node) });
    }
    return { value: null, size: 1 };
  }
  const anchor = (node as { anchor?: string }).anchor;
  if (anchor) {
    st.anchors.set(anchor, node);
    st.inProgress.add(node);
  }
  let out: Converted;
  if (isScalar(node)) out = convertScalar(st, node);
  else if (isSeq(node)) out = convertSeq(st, node as YAMLSeq, depth);
  else if (isMap(node)) out = convertMap(st, node as YAMLMap, depth);
  else out = { value: null, size: 1 };
  if (anchor) {
    st.inProgress.delete(node);
    st.done.set(node, out);
  }
  return out;
}

function convertAlias(st: State, node: Alias): Converted {
  const target = st.anchors.get(node.source);
  if (!target) {
    st.errors.push({ code: 'yaml.syntax', message: `unknown anchor '${node.source}' referenced`, range: rangeOf(st, node) });
    return { value: null, size: 1 };
  }
  if (st.inProgress.has(target)) {
    st.errors.push({ code: 'yaml.aliasCycle', message: `anchor '${node.source}' value contains itself`, range: rangeOf(st, node) });
    return { value: null, size: 1 };
  }
  const done = st.done.get(target);
  if (!done) return { value: null, size: 1 };
  if (st.aliasNodes + done.size > st.limits.maxAliasNodes) {
    if (!st.aliasLimitReported) {
      st.aliasLimitReported = true;
      st.errors.push({
        code: 'yaml.aliasLimit',
        message: `alias *${node.source} would expand the document beyond ${st.limits.maxAliasNodes} nodes ` +
          `(alias expansion limit, ${FIXED_LIMIT})`,
        range: rangeOf(st, node),
      });
    }
    return { value: null, size: 1 };
  }
  st.aliasNodes += done.size;
  return done;
}

function convertSeq(st: State, node: YAMLSeq, depth: number): Converted {
  const arr: unknown[] = new Array(node.items.length);
  let size = 1;
  for (let i = 0; i < node.items.length; i++) {
    const c = convert(st, node.items[i] as YamlNode, depth + 1);
    arr[i] = c.value;
    remember(arr, i, c);
    size += c.size;
  }
  return { value: arr, size };
}

/** A map key as sigs.k8s.io/yaml's JSON key; undefined (reported) when JSON cannot hold it. */
function keyOf(st: State, key: YamlNode | null | undefined): string | undefined {
  if (key == null) return '';
  if (isAlias(key)) {
    const c = convertAlias(st, key);
    if (c.value !== null && typeof c.value === 'object') {
      st.errors.push({ code: 'yaml.complexKey', message: 'invalid map key: a mapping or sequence', range: rangeOf(st, key) });
      return undefined;
    }
    return c.value === null ? undefined : String(c.value);
  }
  if (!isScalar(key)) {
    st.errors.push({ code: 'yaml.complexKey', message: 'invalid map key: a mapping or sequence', range: rangeOf(st, key) });
    return undefined;
  }
  const r = resolveScalar(st, key);
  if (!r) return undefined;
  const k = jsonKey(r);
  if (typeof k !== 'string') {
    st.errors.push({ code: 'yaml.complexKey', message: `${k.error} (kubectl cannot convert this key to JSON)`, range: rangeOf(st, key) });
    return undefined;
  }
  key.value = k;
  return k;
}

// isMerge (go-yaml v2 decode.go): a plain `<<`, or any `<<` tagged !!merge.
function isMergeKey(key: unknown): boolean {
  if (!isScalar(key) || (key as { source?: unknown }).source !== '<<') return false;
  const tag = (key as { tag?: string }).tag;
  return tag ? tag === 'tag:yaml.org,2002:merge' : key.type === Scalar.PLAIN;
}

const MERGE_ERROR = 'map merge requires map or sequence of maps as the value';

function isMapValue(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** decoder.merge (go-yaml v2 decode.go): the merged maps are written into the map in place. */
function mergeInto(st: State, obj: Record<string, unknown>, node: YamlNode | null, c: Converted): void {
  const sources: unknown[] = [];
  if (isSeq(node)) {
    const items = Array.isArray(c.value) ? c.value : [];
    // earlier maps of the list take precedence: write them last
    for (let i = items.length - 1; i >= 0; i--) sources.push(items[i]);
  } else {
    sources.push(c.value);
  }
  for (const src of sources) {
    if (!isMapValue(src)) {
      st.errors.push({ code: 'yaml.syntax', message: MERGE_ERROR, range: rangeOf(st, node) });
      return;
    }
    for (const [k, v] of Object.entries(src)) setOwn(obj, k, v);
  }
}

function convertMap(st: State, node: YAMLMap, depth: number): Converted {
  const obj: Record<string, unknown> = {};
  const explicit = new Set<string>();
  let size = 1;
  for (const item of node.items as Pair<YamlNode, YamlNode>[]) {
    if (!isPair(item)) continue;
    if (isMergeKey(item.key)) {
      const c = convert(st, item.value, depth + 1);
      mergeInto(st, obj, item.value, c);
      size += c.size;
      continue;
    }
    const k = keyOf(st, item.key);
    if (k === undefined) continue;
    if (explicit.has(k)) {
      st.errors.push({ code: 'yaml.duplicateKey', message: `key ${JSON.stringify(k)} already set in map`, range: rangeOf(st, item.key as YamlNode) });
    }
    explicit.add(k);
    const c = convert(st, item.value, depth + 1);
    setOwn(obj, k, c.value);
    remember(obj, k, c);
    size += c.size;
  }
  return { value: obj, size };
}

/** The JSON value of a document's contents, with the problems found on the way. Never throws. */
export function documentValue(
  contents: YamlNode | null | undefined,
  source: { base: number; text: string },
  limits: ValueLimits,
): { value: unknown; errors: ValueIssue[] } {
  const st: State = {
    base: source.base, text: source.text, limits, errors: [], anchors: new Map(), done: new Map(), inProgress: new Set(),
    aliasNodes: 0, aliasLimitReported: false, depthReported: false,
  };
  const value = convert(st, contents, 0).value;
  return { value, errors: st.errors };
}
