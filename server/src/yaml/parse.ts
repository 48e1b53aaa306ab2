// YAML text -> documents with positions, bounded so that no input can freeze the caller.
// Every document is parsed on its own slice of the text, which lets a language server re-parse
// just the document an edit touched (splitYamlDocuments + parseYamlDocument + rebaseDocument).
// Node ranges inside `ast` are relative to `base`; every range this module returns is absolute.
import { parseAllDocuments, isAlias, isMap, isScalar, isSeq, isPair, Scalar } from 'yaml';
import type { Document, Node as YamlNode, Pair, YAMLMap, YAMLSeq, Alias } from 'yaml';
import type { YamlCode } from '../codes/index';

export type OffsetRange = [start: number, end: number];

export interface YamlIssue {
  /** One of the `yaml.*` codes of server/src/codes/yaml.ts. */
  code: YamlCode;
  message: string;
  range: OffsetRange;
}

export interface ParseOptions {
  /** Texts longer than this (UTF-16 units) are not parsed at all. Default 16 Mi. */
  maxTextLength?: number;
  /** A single document longer than this is not parsed. Default 4 Mi. */
  maxDocumentLength?: number;
  /** Nodes that alias expansion may add to one document's value. Default 100,000. */
  maxAliasNodes?: number;
  /** Collection nesting depth kept in the value. Default 1,000. */
  maxDepth?: number;
  /** Errors kept per document (the rest are counted in one summary error). Default 100. */
  maxErrors?: number;
}

const DEFAULTS: Required<ParseOptions> = {
  maxTextLength: 16 * 1024 * 1024,
  maxDocumentLength: 4 * 1024 * 1024,
  maxAliasNodes: 100_000,
  maxDepth: 1_000,
  maxErrors: 100,
};

export type YamlAst = Document.Parsed;

export interface ParsedDocument {
  index: number;
  range: OffsetRange;
  /** Plain JS value (YAML 1.2 core schema, `<<` merge keys applied, last duplicate key wins). */
  value: unknown;
  errors: YamlIssue[];
  warnings: YamlIssue[];
  apiVersion?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  /** Offset of this document's slice in the whole text: add it to any `ast` node range. */
  base: number;
  /** The document's own text (a slice of the whole text). */
  text: string;
  /** The yaml AST, or null when the document was empty or not parsed (too large). */
  ast: YamlAst | null;
}

export interface ParsedFile {
  documents: ParsedDocument[];
  /** Problems about the whole text (e.g. too large). */
  errors: YamlIssue[];
}

function lineStartsMarker(text: string, i: number, marker: '---' | '...'): boolean {
  if (!text.startsWith(marker, i)) return false;
  const c = text.charCodeAt(i + 3);
  // end of text, space, tab, CR, LF
  return Number.isNaN(c) || c === 32 || c === 9 || c === 13 || c === 10;
}

function isBlankOrComment(text: string, start: number, end: number): boolean {
  // True when the range holds only blank lines, comments and directives: no document content.
  let i = start;
  while (i < end) {
    let nl = text.indexOf('\n', i);
    if (nl < 0 || nl > end) nl = end;
    let j = i;
    while (j < nl && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13)) j++;
    if (j < nl) {
      const c = text[j];
      if (c !== '#' && !(j === i && c === '%') && !(j === i && lineStartsMarker(text, j, '...'))) return false;
    }
    i = nl + 1;
  }
  return true;
}

/**
 * Split a text into document ranges by scanning line starts for `---` and `...` (document markers
 * at column 0 always end a document, even inside block scalars, so no parsing is needed).
 * Leading comment-only segments are merged into the next document. Always linear.
 */
export function splitYamlDocuments(text: string): OffsetRange[] {
  const cuts: { start: number; end: number }[] = [];
  let docStart = 0;
  let lineStart = 0;
  const n = text.length;
  while (lineStart <= n) {
    let nl = text.indexOf('\n', lineStart);
    if (nl < 0) nl = n;
    if (lineStart > docStart && lineStartsMarker(text, lineStart, '---')) {
      cuts.push({ start: docStart, end: lineStart });
      docStart = lineStart;
    } else if (lineStartsMarker(text, lineStart, '...')) {
      const after = nl < n ? nl + 1 : n;
      cuts.push({ start: docStart, end: after });
      docStart = after;
    }
    if (nl >= n) break;
    lineStart = nl + 1;
  }
  if (docStart < n || cuts.length === 0) cuts.push({ start: docStart, end: n });
  const out: OffsetRange[] = [];
  let pending = -1;
  for (const c of cuts) {
    const empty = isBlankOrComment(text, c.start, c.end);
    if (empty) {
      if (pending < 0) pending = c.start;
      continue;
    }
    out.push([pending >= 0 ? pending : c.start, c.end]);
    pending = -1;
  }
  if (pending >= 0) {
    // trailing comments belong to the last document; a text with no content at all is one empty document
    const last = out[out.length - 1];
    if (last) last[1] = n;
    else out.push([0, n]);
  }
  return out;
}

function limitErrors(list: YamlIssue[], max: number): YamlIssue[] {
  if (list.length <= max) return list;
  const kept = list.slice(0, max);
  const first = list[max]!;
  kept.push({ code: first.code, message: `${list.length - max} more problems not shown`, range: first.range });
  return kept;
}

interface ConvertState {
  base: number;
  text: string;
  opts: Required<ParseOptions>;
  errors: YamlIssue[];
  anchors: Map<string, YamlNode>;
  done: Map<YamlNode, { value: unknown; size: number }>;
  inProgress: Set<YamlNode>;
  aliasNodes: number;
  aliasLimitReported: boolean;
  depthReported: boolean;
}

function nodeRange(st: ConvertState, node: { range?: [number, number, number] | null } | null | undefined): OffsetRange {
  const r = node?.range;
  if (!r) return [st.base, st.base];
  return [st.base + r[0], st.base + r[1]];
}

function setKey(obj: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
  else obj[k] = v;
}

function scalarKey(node: YamlNode | null | undefined): string | undefined {
  if (node == null) return '';
  if (!isScalar(node)) return undefined;
  const v = node.value;
  if (v === null || v === undefined) return '';
  return String(v);
}

function isMergeKey(st: ConvertState, key: unknown): boolean {
  // A merge key is the plain (unquoted) scalar `<<`.
  return isScalar(key) && key.type === Scalar.PLAIN && key.value === '<<';
}

interface Converted { value: unknown; size: number }

function convert(st: ConvertState, node: YamlNode | null | undefined, depth: number): Converted {
  if (node == null) return { value: null, size: 1 };
  if (isAlias(node)) return convertAlias(st, node);
  if (depth > st.opts.maxDepth) {
    if (!st.depthReported) {
      st.depthReported = true;
      st.errors.push({ code: 'yaml.tooDeep', message: `nesting deeper than ${st.opts.maxDepth} levels is not supported`, range: nodeRange(st, node) });
    }
    return { value: null, size: 1 };
  }
  const anchor = (node as { anchor?: string }).anchor;
  if (anchor) {
    st.anchors.set(anchor, node);
    st.inProgress.add(node);
  }
  let out: Converted;
  if (isScalar(node)) out = { value: plainScalar(node.value), size: 1 };
  else if (isSeq(node)) out = convertSeq(st, node as YAMLSeq, depth);
  else if (isMap(node)) out = convertMap(st, node as YAMLMap, depth);
  else out = { value: null, size: 1 };
  if (anchor) {
    st.inProgress.delete(node);
    st.done.set(node, out);
  }
  return out;
}

function plainScalar(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  const t = typeof v;
  if (t === 'string' || t === 'number' || t === 'boolean') return v;
  if (t === 'bigint') return Number(v);
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return String(v);
}

function convertAlias(st: ConvertState, node: Alias): Converted {
  const target = st.anchors.get(node.source);
  if (!target) return { value: null, size: 1 }; // yaml already reports the unknown anchor
  if (st.inProgress.has(target)) {
    st.errors.push({ code: 'yaml.aliasCycle', message: `alias *${node.source} refers to a node that contains it`, range: nodeRange(st, node) });
    return { value: null, size: 1 };
  }
  const done = st.done.get(target);
  if (!done) return { value: null, size: 1 };
  if (st.aliasNodes + done.size > st.opts.maxAliasNodes) {
    if (!st.aliasLimitReported) {
      st.aliasLimitReported = true;
      st.errors.push({
        code: 'yaml.aliasLimit',
        message: `alias *${node.source} would expand the document beyond ${st.opts.maxAliasNodes} nodes (alias expansion limit)`,
        range: nodeRange(st, node),
      });
    }
    return { value: null, size: 1 };
  }
  st.aliasNodes += done.size;
  return done;
}

function convertSeq(st: ConvertState, node: YAMLSeq, depth: number): Converted {
  const arr: unknown[] = new Array(node.items.length);
  let size = 1;
  for (let i = 0; i < node.items.length; i++) {
    const c = convert(st, node.items[i] as YamlNode, depth + 1);
    arr[i] = c.value;
    size += c.size;
  }
  return { value: arr, size };
}

function convertMap(st: ConvertState, node: YAMLMap, depth: number): Converted {
  const obj: Record<string, unknown> = {};
  let size = 1;
  let merges: Converted[] | undefined;
  for (const item of node.items as Pair<YamlNode, YamlNode>[]) {
    if (!isPair(item)) continue;
    if (isMergeKey(st, item.key)) {
      const c = convert(st, item.value, depth + 1);
      (merges ??= []).push(c);
      continue;
    }
    const k = scalarKey(item.key);
    if (k === undefined) {
      st.errors.push({ code: 'yaml.complexKey', message: 'only scalar mapping keys are supported', range: nodeRange(st, item.key as YamlNode) });
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(obj, k)) {
      st.errors.push({ code: 'yaml.duplicateKey', message: `key ${JSON.stringify(k)} already set in map`, range: nodeRange(st, item.key as YamlNode) });
    }
    const c = convert(st, item.value, depth + 1);
    setKey(obj, k, c.value);
    size += c.size;
  }
  if (merges) {
    // Explicit keys win; among merged maps the first listed wins (YAML 1.1 merge semantics).
    for (const m of merges) {
      const sources = Array.isArray(m.value) ? m.value : [m.value];
      for (const src of sources) {
        if (src === null || typeof src !== 'object' || Array.isArray(src)) continue;
        for (const [k, v] of Object.entries(src)) if (!Object.prototype.hasOwnProperty.call(obj, k)) setKey(obj, k, v);
      }
      size += m.size;
    }
  }
  return { value: obj, size };
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function describe(doc: ParsedDocument): void {
  const v = doc.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return;
  const o = v as Record<string, unknown>;
  doc.apiVersion = str(o.apiVersion);
  doc.kind = str(o.kind);
  const meta = o.metadata;
  if (meta && typeof meta === 'object' && !Array.isArray(meta)) {
    doc.name = str((meta as Record<string, unknown>).name);
    doc.namespace = str((meta as Record<string, unknown>).namespace);
  }
}

/** Parse one document range of `text` (as returned by splitYamlDocuments). Never throws. */
export function parseYamlDocument(text: string, range: OffsetRange, index: number, options?: ParseOptions): ParsedDocument {
  const opts = { ...DEFAULTS, ...options };
  const [start, end] = range;
  const slice = text.slice(start, end);
  const doc: ParsedDocument = { index, range: [start, end], value: null, errors: [], warnings: [], base: start, text: slice, ast: null };
  if (slice.length > opts.maxDocumentLength) {
    doc.errors.push({ code: 'yaml.tooLarge', message: `document is ${slice.length} characters long; documents over ${opts.maxDocumentLength} are not analysed`, range: [start, Math.min(end, start + 1)] });
    return doc;
  }
  const st: ConvertState = {
    base: start, text: slice, opts, errors: [], anchors: new Map(), done: new Map(), inProgress: new Set(),
    aliasNodes: 0, aliasLimitReported: false, depthReported: false,
  };
  try {
    const docs = parseAllDocuments(slice, { prettyErrors: false, uniqueKeys: false, merge: false, strict: false, keepSourceTokens: false });
    const list = Array.isArray(docs) ? docs : [];
    for (const d of list) {
      let tooDeep = false;
      for (const e of d.errors) {
        // the composer recovers from stack exhaustion on absurd nesting; report that once, as depth
        if (/call stack/i.test(e.message)) {
          if (!tooDeep) doc.errors.push({ code: 'yaml.tooDeep', message: 'nesting is too deep to parse', range: [start + e.pos[0], start + e.pos[1]] });
          tooDeep = true;
          continue;
        }
        doc.errors.push({ code: 'yaml.syntax', message: e.message, range: [start + e.pos[0], start + e.pos[1]] });
      }
      for (const w of d.warnings) doc.warnings.push({ code: 'yaml.warning', message: w.message, range: [start + w.pos[0], start + w.pos[1]] });
    }
    const first = list[0];
    if (first) {
      doc.ast = first;
      doc.value = convert(st, first.contents as YamlNode | null, 0).value;
    }
  } catch (e) {
    // The parser itself should not throw; if it does (e.g. stack exhaustion), report instead of crashing.
    doc.errors.push({ code: 'yaml.syntax', message: `YAML parser failed: ${(e as Error)?.message ?? String(e)}`, range: [start, Math.min(end, start + 1)] });
    doc.ast = null;
    doc.value = null;
  }
  doc.errors.push(...st.errors);
  // the parser places end-of-input errors one past the end: keep every range inside the document
  const clamp = (e: YamlIssue): void => {
    e.range = [Math.min(e.range[0], end), Math.min(e.range[1], end)];
  };
  doc.errors.forEach(clamp);
  doc.warnings.forEach(clamp);
  doc.errors = limitErrors(doc.errors, opts.maxErrors);
  doc.warnings = limitErrors(doc.warnings, opts.maxErrors);
  describe(doc);
  return doc;
}

/** Parse a whole text: split into documents, then parse each one. Never throws. */
export function parseYamlText(text: string, options?: ParseOptions): ParsedFile {
  const opts = { ...DEFAULTS, ...options };
  if (text.length > opts.maxTextLength) {
    return {
      documents: [],
      errors: [{ code: 'yaml.tooLarge', message: `text is ${text.length} characters long; texts over ${opts.maxTextLength} are not analysed`, range: [0, Math.min(1, text.length)] }],
    };
  }
  const ranges = splitYamlDocuments(text);
  return { documents: ranges.map((r, i) => parseYamlDocument(text, r, i, opts)), errors: [] };
}

function shift(r: OffsetRange, d: number): OffsetRange {
  return [r[0] + d, r[1] + d];
}

/** Reuse a parsed document whose text moved (an edit in an earlier document): same AST, shifted ranges. */
export function rebaseDocument(doc: ParsedDocument, start: number, index: number): ParsedDocument {
  const d = start - doc.range[0];
  if (d === 0 && index === doc.index) return doc;
  return {
    ...doc,
    index,
    range: shift(doc.range, d),
    base: doc.base + d,
    errors: doc.errors.map((e) => ({ ...e, range: shift(e.range, d) })),
    warnings: doc.warnings.map((e) => ({ ...e, range: shift(e.range, d) })),
  };
}
