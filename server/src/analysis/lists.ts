// `kind: List` (what `kubectl get … -o yaml` prints) and typed `*List`s: each item is analysed as the
// document it would be on its own, at its own position in the text, the way kubectl flattens a List before
// sending the items one by one.
import { isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document, Node as YamlNode, Pair, YAMLMap } from 'yaml';
import type { ParsedDocument } from '../yaml/parse';
import { isObject } from '../core/values';
import type { AnalysisContext, DocumentAnalysis } from './types';


/** Whether a parsed document is a list whose items are analysed one by one. */
export function isListDocument(doc: ParsedDocument): boolean {
  return !!doc.kind && /List$/.test(doc.kind) && isObject(doc.value) && Array.isArray(doc.value.items);
}

function itemNodes(doc: ParsedDocument): (YamlNode | undefined)[] {
  const root = doc.ast?.contents as YamlNode | null | undefined;
  if (!isMap(root)) return [];
  const pair = (root as YAMLMap).items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === 'items') as Pair<YamlNode, YamlNode> | undefined;
  return isSeq(pair?.value) ? (pair!.value.items as YamlNode[]) : [];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** One item as a document of its own: same text and AST positions, its own value and range. */
function itemDocument(
  doc: ParsedDocument,
  item: Record<string, unknown>,
  node: YamlNode | undefined,
  at: number,
): ParsedDocument {
  // Items of a typed list (DaemonSetList) may omit apiVersion and kind: they are the list's own.
  const value = { ...item };
  if (value.kind === undefined && doc.kind !== 'List') value.kind = doc.kind!.slice(0, -'List'.length);
  if (value.apiVersion === undefined && doc.kind !== 'List') value.apiVersion = doc.apiVersion;
  const meta = isObject(value.metadata) ? value.metadata : {};
  const r = node?.range;
  const ast = doc.ast && node ? (Object.create(doc.ast, { contents: { value: node } }) as Document.Parsed) : null;
  return {
    ...doc,
    value,
    errors: [],
    warnings: [],
    apiVersion: str(value.apiVersion),
    kind: str(value.kind),
    name: str(meta.name),
    namespace: str(meta.namespace),
    range: r ? [doc.base + r[0], doc.base + r[1]] : doc.range,
    ast,
    item: at,
  };
}

/** Item `at` of a List document (its index in `items`) as a document of its own, when it is an object. */
export function listItem(doc: ParsedDocument, at: number): ParsedDocument | undefined {
  if (!isListDocument(doc)) return undefined;
  const item = (doc.value as { items: unknown[] }).items[at];
  return isObject(item) ? itemDocument(doc, item, itemNodes(doc)[at], at) : undefined;
}

/** The List item of `doc` whose text holds `offset`, as a document of its own; else `doc` itself. */
export function listItemAt(doc: ParsedDocument, offset: number): ParsedDocument {
  if (!isListDocument(doc)) return doc;
  const inside = (n: YamlNode | undefined): boolean =>
    !!n?.range && doc.base + n.range[0] <= offset && offset <= doc.base + n.range[1];
  const at = itemNodes(doc).findIndex(inside);
  return (at >= 0 && listItem(doc, at)) || doc;
}

/**
 * The analysis of YAML document `index`, or of its List item `item` (without `item`, a List's first item: an
 * address by document index alone keeps meaning what it meant before items were addressable).
 */
export function findAnalysis(
  docs: readonly DocumentAnalysis[],
  index: number,
  item?: number,
): DocumentAnalysis | undefined {
  return docs.find((d) => d.index === index && (item === undefined || d.item === item));
}

/**
 * The analyses of a list document: its items', each with the list's document index, its item index and its own
 * range, then
 * the list's own YAML problems (if any). Undefined when the document is not a list.
 */
export function analyzeListDocument(
  doc: ParsedDocument,
  ctx: AnalysisContext,
  analyzeDocument: (doc: ParsedDocument, ctx: AnalysisContext) => DocumentAnalysis,
): DocumentAnalysis[] | undefined {
  if (!isListDocument(doc)) return undefined;
  const items = (doc.value as { items: unknown[] }).items;
  const nodes = itemNodes(doc);
  const out: DocumentAnalysis[] = [];
  items.forEach((item, i) => {
    if (isObject(item)) out.push({ ...analyzeDocument(itemDocument(doc, item, nodes[i], i), ctx), item: i });
  });
  const own = analyzeDocument({ ...doc, value: null }, ctx); // YAML errors of the whole list, nothing decoded
  if (own.problems.length || out.length === 0) {
    out.push({ ...own, apiVersion: doc.apiVersion, kind: doc.kind, name: doc.name, namespace: doc.namespace });
  }
  return out;
}
