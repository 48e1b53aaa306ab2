// Small YAML edits over a parsed document: each one finds its place through the syntax tree (field path ->
// node range, yaml/paths.ts) and answers offset edits that keep the user's style (block or flow, indentation,
// line breaks). Nothing here searches the text for a word; it only reads the text around a node's range.
import { child, key as mapKey, parseFieldPath } from '../core/fieldPath';
import type { FieldPath } from '../core/fieldPath';
import type { OffsetRange, ParsedDocument } from './parse';
import { locatePath } from './paths';
import type { PathPart } from './paths';

export interface OffsetEdit { range: OffsetRange; newText: string }

/** A toleration to write: the fields of a taint it must tolerate. */
export interface TaintToTolerate { key: string; value?: string; effect: string }

/** The plain value at a field path of a parsed document's value ('' is the root). */
function plainAt(doc: ParsedDocument, path: FieldPath): unknown {
  let cur: unknown = doc.value;
  for (const step of parseFieldPath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    const name = 'field' in step ? step.field : step.bracket;
    if (Array.isArray(cur)) cur = /^\d+$/.test(name) ? cur[Number(name)] : undefined;
    else cur = Object.hasOwn(cur, name) ? (cur as Record<string, unknown>)[name] : undefined;
  }
  return cur;
}

const isMapValue = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The range of a path's key, value or entry when the whole path is written in the document. */
export function exactRange(doc: ParsedDocument, path: FieldPath, part: PathPart): OffsetRange | undefined {
  const loc = locatePath(doc, path, part);
  return loc?.exact ? loc.range : undefined;
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function lineStartOf(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** The offset right after the line holding the end of `range` (trailing blanks of block entries ignored). */
function afterLine(text: string, range: OffsetRange): number {
  let end = range[1];
  while (end > range[0] && /\s/.test(text[end - 1]!)) end--;
  const nl = text.indexOf('\n', end);
  return nl < 0 ? text.length : nl + 1;
}

/** Lines inserted at `at`, with a line break first when `at` is the end of a text without a final one. */
function insertLines(text: string, at: number, lines: string[]): OffsetEdit {
  const eol = eolOf(text);
  const lead = at === text.length && text.length > 0 && !text.endsWith('\n') ? eol : '';
  return { range: [at, at], newText: lead + lines.join(eol) + eol };
}

/** Widens an entry to whole lines when it is alone on its lines (block style), so deleting leaves no blank line. */
function wholeLines(text: string, range: OffsetRange): OffsetRange {
  const r: OffsetRange = [range[0], range[1]];
  while (r[1] > r[0] && /\s/.test(text[r[1] - 1]!)) r[1]--;
  const ls = lineStartOf(text, r[0]);
  if (text.slice(ls, r[0]).trim() !== '') return r;
  let le = text.indexOf('\n', r[1]);
  if (le < 0) le = text.length;
  const rest = text.slice(r[1], le).trim();
  if (rest !== '' && !rest.startsWith('#')) return r;
  return [ls, le < text.length ? le + 1 : le];
}

/** A string as YAML that reads back as the same string (quoted when YAML 1.1 or 1.2 would read another type). */
export function yamlString(v: string): string {
  const plain = /^[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?$/.test(v) &&
    !/^(y|yes|n|no|true|false|on|off|null|~|[-+]?(\.?[0-9][0-9_.]*([eE][-+]?[0-9]+)?|0x[0-9a-fA-F_]+|0o?[0-7_]+|\.inf|\.nan))$/i.test(v);
  return plain ? v : JSON.stringify(v);
}

/** Replaces the value written at `path` (a scalar) by `newText`. */
export function replaceValue(doc: ParsedDocument, path: FieldPath, newText: string): OffsetEdit | undefined {
  const r = exactRange(doc, path, 'value');
  return r ? { range: r, newText } : undefined;
}

/** Removes the entry at `path` (key and value, or a sequence item) with its line when it is alone on it. */
export function removeEntry(text: string, doc: ParsedDocument, path: FieldPath): OffsetEdit | undefined {
  const r = exactRange(doc, path, 'entry');
  return r ? { range: wholeLines(text, r), newText: '' } : undefined;
}

/** Quotes the plain scalar at `path` (its key when `isKey`), so that every YAML version reads it as a string. */
export function quoteScalar(text: string, doc: ParsedDocument, path: FieldPath, isKey: boolean): OffsetEdit | undefined {
  const r = exactRange(doc, path, isKey ? 'key' : 'value');
  if (!r) return undefined;
  const source = text.slice(r[0], r[1]);
  if (/^["'|>]/.test(source) || source.includes('\n')) return undefined; // already quoted, or a block scalar
  return { range: r, newText: JSON.stringify(source) };
}

function tolerationLines(t: TaintToTolerate): string[] {
  const lines = [`key: ${t.key}`];
  if (t.value) lines.push('operator: Equal', `value: ${JSON.stringify(t.value)}`);
  else lines.push('operator: Exists');
  lines.push(`effect: ${t.effect}`);
  return lines;
}

/** Appends a toleration to the pod spec at `specPath`, creating `tolerations:` when there is none. */
export function appendToleration(text: string, doc: ParsedDocument, specPath: FieldPath, t: TaintToTolerate): OffsetEdit | undefined {
  const eol = eolOf(text);
  const tolPath = child(specPath, 'tolerations');
  const list = plainAt(doc, tolPath);
  if (Array.isArray(list) && list.length > 0) {
    const seq = exactRange(doc, tolPath, 'value');
    const first = exactRange(doc, `${tolPath}[0]`, 'value');
    const last = exactRange(doc, `${tolPath}[${list.length - 1}]`, 'value');
    if (!seq || !first || !last) return undefined;
    if (text[seq[0]] === '[') {
      // Flow sequence: the node's range ends right after its closing bracket.
      let close = seq[1] - 1;
      while (close > last[1] && text[close] !== ']') close--;
      if (text[close] !== ']') return undefined;
      return { range: [close, close], newText: `, {${tolerationLines(t).join(', ')}}` };
    }
    const dash = text.slice(lineStartOf(text, first[0]), first[0]).indexOf('-');
    if (dash < 0) return undefined;
    const [head, ...rest] = tolerationLines(t);
    const lines = [`${' '.repeat(dash)}- ${head}`, ...rest.map((l) => `${' '.repeat(dash + 2)}${l}`)];
    return insertLines(text, afterLine(text, last), lines);
  }
  if (list != null) return undefined; // `tolerations: []` or another type: left to the user
  const specKey = exactRange(doc, specPath, 'key');
  if (!specKey) return undefined;
  const indent = ' '.repeat(specKey[0] - lineStartOf(text, specKey[0]) + 2);
  const [head, ...rest] = tolerationLines(t);
  const lines = [`${indent}tolerations:`, `${indent}- ${head}`, ...rest.map((l) => `${indent}  ${l}`)];
  const at = afterLine(text, specKey);
  const lead = at === text.length && !text.endsWith('\n') ? eol : '';
  return { range: [at, at], newText: lead + lines.join(eol) + eol };
}

/** True when every `matchLabels` entry of the selector is among the template's labels with the same value. */
export function templateLabelsMatchSelector(doc: ParsedDocument): boolean {
  const want = plainAt(doc, 'spec.selector.matchLabels');
  const have = plainAt(doc, 'spec.template.metadata.labels');
  if (!isMapValue(want)) return true;
  const h = isMapValue(have) ? have : {};
  return Object.entries(want).every(([k, v]) => Object.hasOwn(h, k) && String(h[k] ?? '') === String(v ?? ''));
}

/**
 * Edits that give the pod template every label of `spec.selector.matchLabels`: change a label with
 * another value, add missing ones to the labels block, or create the block (and `metadata`) when absent.
 */
export function matchTemplateLabels(text: string, doc: ParsedDocument): { edits: OffsetEdit[]; changes: string[] } | undefined {
  const want = plainAt(doc, 'spec.selector.matchLabels');
  if (!isMapValue(want)) return undefined;
  const labelsPath = 'spec.template.metadata.labels';
  const have = plainAt(doc, labelsPath);
  const haveMap = isMapValue(have) ? have : undefined;
  const edits: OffsetEdit[] = [];
  const changes: string[] = [];
  const missing: [string, string][] = [];
  for (const [k, raw] of Object.entries(want)) {
    const v = raw == null ? '' : String(raw);
    if (haveMap && Object.hasOwn(haveMap, k)) {
      if (String(haveMap[k] ?? '') === v) continue;
      const r = exactRange(doc, mapKey(labelsPath, k), 'value');
      if (!r) return undefined;
      edits.push({ range: r, newText: yamlString(v) });
      changes.push(`${k}: ${String(haveMap[k] ?? '')} → ${v}`);
    } else {
      missing.push([k, v]);
      changes.push(`add ${k}: ${v}`);
    }
  }
  if (missing.length === 0) return edits.length ? { edits, changes } : undefined;
  const entries = missing.map(([k, v]) => `${yamlString(k)}: ${yamlString(v)}`);
  const flow = `{${entries.join(', ')}}`;

  if (haveMap) {
    const keys = Object.keys(haveMap);
    const valueR = exactRange(doc, labelsPath, 'value');
    if (keys.length === 0) {
      // `labels: {}`: write the whole map in flow style.
      if (!valueR || text.slice(valueR[0], valueR[1]).trim() !== '{}') return undefined;
      edits.push({ range: valueR, newText: flow });
      return { edits, changes };
    }
    const firstKey = exactRange(doc, mapKey(labelsPath, keys[0]!), 'key');
    const lastEntry = exactRange(doc, mapKey(labelsPath, keys[keys.length - 1]!), 'entry');
    if (!firstKey || !lastEntry || !valueR) return undefined;
    if (text[valueR[0]] === '{') {
      edits.push({ range: [lastEntry[1], lastEntry[1]], newText: `, ${entries.join(', ')}` });
      return { edits, changes };
    }
    const indent = ' '.repeat(firstKey[0] - lineStartOf(text, firstKey[0]));
    edits.push(insertLines(text, afterLine(text, lastEntry), entries.map((e) => indent + e)));
    return { edits, changes };
  }
  if (have != null) return undefined; // labels of another type: left to the type error

  // No labels: add the block under `metadata`, or `metadata` itself under `template`.
  const meta = plainAt(doc, 'spec.template.metadata');
  const parentPath = isMapValue(meta) ? 'spec.template.metadata' : meta == null ? 'spec.template' : undefined;
  if (!parentPath) return undefined;
  const parent = plainAt(doc, parentPath);
  const parentKey = exactRange(doc, parentPath, 'key');
  const parentValue = exactRange(doc, parentPath, 'value');
  if (!parentKey || !parentValue || !isMapValue(parent)) return undefined;
  const inTemplate = parentPath === 'spec.template';
  if (text[parentValue[0]] === '{') {
    const inner = inTemplate ? `metadata: {labels: ${flow}}` : `labels: ${flow}`;
    const empty = Object.keys(parent).length === 0;
    edits.push({ range: [parentValue[0] + 1, parentValue[0] + 1], newText: empty ? inner : `${inner}, ` });
    return { edits, changes };
  }
  const block = inTemplate ? ['metadata:', '  labels:', ...entries.map((e) => `    ${e}`)] : ['labels:', ...entries.map((e) => `  ${e}`)];
  // Block mapping: the children's indentation is that of the first key in it.
  const firstChild = Object.keys(parent)[0];
  const childKey = firstChild !== undefined ? exactRange(doc, child(parentPath, firstChild), 'key') : undefined;
  const keyCol = parentKey[0] - lineStartOf(text, parentKey[0]);
  const col = childKey ? childKey[0] - lineStartOf(text, childKey[0]) : keyCol + 2;
  if (col <= keyCol) return undefined;
  edits.push(insertLines(text, afterLine(text, parentKey), block.map((l) => ' '.repeat(col) + l)));
  return { edits, changes };
}

/** Applies offset edits to a text (edits must not overlap). */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((x, y) => y.range[0] - x.range[0])) out = out.slice(0, e.range[0]) + e.newText + out.slice(e.range[1]);
  return out;
}
