// YAML text -> documents with positions, bounded so that no input can freeze the caller.
// Every document is parsed on its own slice of the text, which lets a language server re-parse
// just the document an edit touched (splitYamlDocuments + parseYamlDocument + rebaseDocument).
// Node ranges inside `ast` are relative to `base`; every range this module returns is absolute.
import type { YamlCode } from '../codes/index';
import type { Document, Node as YamlNode } from 'yaml';
import { composeDocumentsSteps } from './compose';
import { runSteps } from './steps';
import { chunkProblems } from './kubectlChunks';
import { documentValue } from './toValue';
import { DEFAULT_BUDGETS, FIXED_LIMIT, raiseHint } from './budgets';
import type { BudgetName, Budgets } from './budgets';

export type OffsetRange = [start: number, end: number];

export interface YamlIssue {
  /** One of the `yaml.*` codes of server/src/codes/yaml.ts. */
  code: YamlCode;
  message: string;
  range: OffsetRange;
}

export interface ParseOptions {
  /** Texts longer than this (UTF-16 units) are not parsed at all. Default 16 Mi (twice maxParsedLength). */
  maxTextLength?: number;
  /** A single document longer than this is not parsed. Default 4 Mi. */
  maxDocumentLength?: number;
  /** Nodes that alias expansion may add to one document's value. Default 100,000. */
  maxAliasNodes?: number;
  /** Collection nesting depth kept in the value. Default 1,000. */
  maxDepth?: number;
  /** Errors kept per document (the rest are counted in one summary error); the parse stops there. Default 100. */
  maxErrors?: number;
  /** Documents parsed per text; the rest are reported once and left out. Default 25,000. */
  maxDocuments?: number;
  /** Characters parsed per text, summed over its documents; the rest are left out. Default 8 Mi. */
  maxParsedLength?: number;
  /** Nodes of one document (scalars, aliases, collections): a document with more is not composed. Default 100,000. */
  maxDocumentNodes?: number;
  /** Name, in each budget's message, the setting and flag that raise it (budgets.ts). Default true. */
  hints?: boolean;
}

/** The parse options that enforce budgets (settings or flags): the text refused outright is twice the parsed length. */
export function parseOptionsFor(b: Partial<Budgets>): ParseOptions {
  const parsed = b.maxTextLength ?? DEFAULT_BUDGETS.maxTextLength;
  return {
    maxParsedLength: parsed,
    maxTextLength: 2 * parsed,
    maxDocuments: b.maxDocuments ?? DEFAULT_BUDGETS.maxDocuments,
    maxDocumentLength: b.maxDocumentLength ?? DEFAULT_BUDGETS.maxDocumentLength,
    maxErrors: b.maxSyntaxErrors ?? DEFAULT_BUDGETS.maxSyntaxErrors,
    maxDocumentNodes: b.maxDocumentNodes ?? DEFAULT_BUDGETS.maxDocumentNodes,
  };
}

const DEFAULTS: Required<ParseOptions> = {
  ...(parseOptionsFor(DEFAULT_BUDGETS) as Required<ParseOptions>),
  maxAliasNodes: 100_000,
  maxDepth: 1_000,
  hints: true,
};

/** ` (raise kce.limits.x (kce CLI: --x) to allow more)`, unless the caller reads texts of its own (nodes files). */
function hint(opts: Required<ParseOptions>, name: BudgetName): string {
  return opts.hints ? ` (${raiseHint(name)})` : '';
}

export type YamlAst = Document.Parsed;

export interface ParsedDocument {
  index: number;
  /** Set on an item of a `kind: List` document taken as a document of its own: its index in `items`. */
  item?: number;
  range: OffsetRange;
  /** The JSON value kubectl sends for the document (go-yaml v2 types, `<<` merges, last duplicate key wins). */
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

function isBlankOrComment(text: string, start: number, end: number): boolean {
  // True when the range holds only blank lines and comments: what kubectl reads as an empty chunk and skips.
  let i = start;
  while (i < end) {
    let nl = text.indexOf('\n', i);
    if (nl < 0 || nl > end) nl = end;
    let j = i;
    while (j < nl && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 13)) j++;
    // a tab before a comment or on a blank line is an error of go-yaml's (goTabs.ts): that chunk is not empty
    if (j < nl && text[j] !== '#') return false;
    i = nl + 1;
  }
  return true;
}

/**
 * Split a text into document ranges as kubectl does (YAMLReader.Read, k8s.io/apimachinery/pkg/util/yaml/decoder.go):
 * every line that starts with `---` ends a document, even inside a block or quoted scalar, so no parsing is needed;
 * `...` does not (go-yaml then reads the chunk's first document only: parseYamlDocument). Comment-only segments,
 * which kubectl skips, are merged into the next document. Always linear.
 */
export function splitYamlDocuments(text: string, limit = Infinity): OffsetRange[] {
  const out: OffsetRange[] = [];
  let pending = -1;
  const n = text.length;
  // Blank or comment-only cuts join the next document; the scan stops once `limit` + 1 documents are found.
  const take = (start: number, end: number): boolean => {
    if (isBlankOrComment(text, start, end)) {
      if (pending < 0) pending = start;
      return false;
    }
    out.push([pending >= 0 ? pending : start, end]);
    pending = -1;
    return out.length > limit;
  };
  let docStart = 0;
  let lineStart = 0;
  let cuts = 0;
  while (lineStart <= n) {
    let nl = text.indexOf('\n', lineStart);
    if (nl < 0) nl = n;
    let cutAt = -1;
    if (lineStart > docStart && text.startsWith('---', lineStart)) cutAt = lineStart;
    if (cutAt >= 0) {
      cuts++;
      const stop = take(docStart, cutAt);
      docStart = cutAt;
      if (stop) return out;
    }
    if (nl >= n) break;
    lineStart = nl + 1;
  }
  if (docStart < n || cuts === 0) take(docStart, n);
  if (pending >= 0) {
    // trailing comments belong to the last document; a text with no content at all is one empty document
    const last = out[out.length - 1];
    if (last) last[1] = n;
    else out.push([0, n]);
  }
  return out;
}

function limitErrors(list: YamlIssue[], opts: Required<ParseOptions>): YamlIssue[] {
  const max = opts.maxErrors;
  if (list.length <= max) return list;
  const kept = list.slice(0, max);
  const first = list[max]!;
  const message =
    `${list.length - max} more problems not shown: ${max} are kept per document${hint(opts, 'maxSyntaxErrors')}`;
  kept.push({ code: first.code, message, range: first.range });
  return kept;
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

/** A warning over the text from `from` that kubectl never reads (past a `...`), when it holds more than comments. */
function ignoredAfterDocumentEnd(text: string, from: number, end: number): YamlIssue | undefined {
  let first = -1;
  let last = -1;
  for (let i = from; i < end; ) {
    let nl = text.indexOf('\n', i);
    if (nl < 0 || nl > end) nl = end;
    const line = text.slice(i, nl).trimEnd();
    const body = line.trimStart();
    if (body && !body.startsWith('#') && !/^\.\.\.(\s|$)/.test(line)) {
      if (first < 0) first = i;
      last = i + line.length;
    }
    i = nl + 1;
  }
  if (first < 0) return undefined;
  const message =
    'kubectl does not read this: after a `...` or directive line it reads nothing until the next `---` line';
  return { code: 'yaml.warning', message, range: [first, last] };
}

/** Parse one document range of `text` (as returned by splitYamlDocuments). Never throws. */
export function parseYamlDocument(text: string, range: OffsetRange, index: number, options?: ParseOptions): ParsedDocument {
  return runSteps(parseYamlDocumentSteps(text, range, index, options));
}

/**
 * parseYamlDocument in steps: it yields every few milliseconds of lexing and parsing (a caller may let other work
 * run there); composing the document and converting it to a value are one step each, bounded by the node budget.
 */
export function* parseYamlDocumentSteps(
  text: string, range: OffsetRange, index: number, options?: ParseOptions,
): Generator<void, ParsedDocument> {
  const opts = { ...DEFAULTS, ...options };
  const [start, end] = range;
  const slice = text.slice(start, end);
  const doc: ParsedDocument = { index, range: [start, end], value: null, errors: [], warnings: [], base: start, text: slice, ast: null };
  if (slice.length > opts.maxDocumentLength) {
    const message =
      `document is ${slice.length} characters long; documents over ${opts.maxDocumentLength} characters ` +
      `(document length limit) are not analysed${hint(opts, 'maxDocumentLength')}`;
    doc.errors.push({ code: 'yaml.tooLarge', message, range: [start, Math.min(end, start + 1)] });
    return doc;
  }
  let stopped: YamlIssue | undefined;
  try {
    const limits = { maxErrors: opts.maxErrors, maxNodes: opts.maxDocumentNodes };
    const composed = yield* composeDocumentsSteps(slice, limits);
    if (composed.tooManyNodes) {
      const message =
        `document has more than ${opts.maxDocumentNodes} nodes (keys, values and collections; node limit): it is ` +
        `not analysed${hint(opts, 'maxDocumentNodes')}`;
      doc.errors.push({ code: 'yaml.tooLarge', message, range: [start, Math.min(end, start + 1)] });
      return doc;
    }
    // go-yaml reads a chunk's first document only: what follows a `...` up to the next `---` line is never read
    for (const d of composed.docs.slice(0, 1)) {
      let tooDeep = false;
      for (const e of d.errors) {
        // the composer recovers from stack exhaustion on absurd nesting; report that once, as depth
        if (/call stack/i.test(e.message)) {
          const message = `nesting is too deep to parse (depth limit, ${FIXED_LIMIT})`;
          if (!tooDeep) doc.errors.push({ code: 'yaml.tooDeep', message, range: [start + e.pos[0], start + e.pos[1]] });
          tooDeep = true;
          continue;
        }
        // go-yaml's own escape set is checked on the scalar (toValue.ts): it has \' and lacks \/
        if (e.code === 'BAD_DQ_ESCAPE') continue;
        doc.errors.push({ code: 'yaml.syntax', message: e.message, range: [start + e.pos[0], start + e.pos[1]] });
      }
      for (const w of d.warnings) {
        // tags are resolved as go-yaml resolves them (goResolve.ts), not by the failsafe schema
        if (w.code === 'TAG_RESOLVE_FAILED') continue;
        doc.warnings.push({ code: 'yaml.warning', message: w.message, range: [start + w.pos[0], start + w.pos[1]] });
      }
    }
    if (composed.stoppedAt) {
      const at = start + composed.stoppedAt.offset;
      stopped = {
        code: 'yaml.tooLarge',
        message: `parsing stopped after ${opts.maxErrors} syntax errors (error limit); fix the first ones` +
          hint(opts, 'maxSyntaxErrors'),
        range: [at, at + 1],
      };
    }
    doc.errors.push(...chunkProblems(text, start, end));
    const second = composed.readEnd ?? composed.docs[1]?.range[0];
    const ignored = second !== undefined && ignoredAfterDocumentEnd(text, start + second, end);
    if (ignored) doc.warnings.push(ignored);
    const first = composed.docs[0];
    if (first) {
      doc.ast = first;
      const converted = documentValue(first.contents as YamlNode | null, { base: start, text: slice }, opts);
      doc.value = converted.value;
      doc.errors.push(...converted.errors);
    }
  } catch (e) {
    // The parser itself should not throw; if it does (e.g. stack exhaustion), report instead of crashing.
    doc.errors.push({ code: 'yaml.syntax', message: `YAML parser failed: ${(e as Error)?.message ?? String(e)}`, range: [start, Math.min(end, start + 1)] });
    doc.ast = null;
    doc.value = null;
  }
  // the parser places end-of-input errors one past the end: keep every range inside the document
  const clamp = (e: YamlIssue): void => {
    e.range = [Math.min(e.range[0], end), Math.min(e.range[1], end)];
  };
  doc.errors.forEach(clamp);
  doc.warnings.forEach(clamp);
  doc.errors = limitErrors(doc.errors, opts);
  if (stopped) doc.errors.push(stopped);
  doc.warnings = limitErrors(doc.warnings, opts);
  describe(doc);
  return doc;
}

/**
 * The document ranges that fit the budgets (count and summed length), and the problem to report at the first
 * one left out: thousands of tiny documents cost far more than their bytes suggest.
 */
export function withinBudget(ranges: OffsetRange[], options?: ParseOptions): { ranges: OffsetRange[]; skipped?: YamlIssue } {
  const opts = { ...DEFAULTS, ...options };
  let length = 0;
  for (let i = 0; i < ranges.length; i++) {
    const [start, end] = ranges[i]!;
    length += end - start;
    const tooMany = i >= opts.maxDocuments;
    if (!tooMany && (length <= opts.maxParsedLength || i === 0)) continue;
    const limit = tooMany
      ? `${opts.maxDocuments} documents (document limit)${hint(opts, 'maxDocuments')}`
      : `${opts.maxParsedLength} characters (parse limit)${hint(opts, 'maxTextLength')}`;
    // splitYamlDocuments stops one past the document limit: the total is not known
    const total = ranges.length > opts.maxDocuments ? `more than ${opts.maxDocuments}` : `${ranges.length}`;
    return {
      ranges: ranges.slice(0, i),
      skipped: {
        code: 'yaml.tooLarge',
        message: `the text has ${total} documents; those from here on are not analysed: only the first ${limit} are`,
        range: [start, Math.min(end, start + 3)],
      },
    };
  }
  return { ranges };
}

/** The problem for a text too long to read at all (before any splitting), or undefined when it may be read. */
export function textTooLong(text: string, options?: ParseOptions): YamlIssue | undefined {
  const opts = { ...DEFAULTS, ...options };
  if (text.length <= opts.maxTextLength) return undefined;
  const message =
    `text is ${text.length} characters long; texts over ${opts.maxTextLength} characters ` +
    `(text length limit) are not analysed${hint(opts, 'maxTextLength')}`;
  return { code: 'yaml.tooLarge', message, range: [0, Math.min(1, text.length)] };
}

/** Parse a whole text: split into documents, then parse each one (within the budgets). Never throws. */
export function parseYamlText(text: string, options?: ParseOptions): ParsedFile {
  const opts = { ...DEFAULTS, ...options };
  const tooLong = textTooLong(text, opts);
  if (tooLong) return { documents: [], errors: [tooLong] };
  const { ranges, skipped } = withinBudget(splitYamlDocuments(text, opts.maxDocuments), opts);
  return { documents: ranges.map((r, i) => parseYamlDocument(text, r, i, opts)), errors: skipped ? [skipped] : [] };
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
