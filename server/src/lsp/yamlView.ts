// Which YAML document and field path sit under an offset, and the plain value at a path.
import { parseFieldPath } from '../core/fieldPath';
import type { FieldPath } from '../core/fieldPath';
import type { OffsetRange, ParsedDocument, ParsedFile } from '../yaml/parse';
import { pathAtOffset, rangeOfPath } from '../yaml/paths';
import type { MapKeyStyle } from '../yaml/paths';
import { decodeTyped, keyStyleFor } from '../yaml/decode';
import { listItemAt } from '../analysis/lists';

/**
 * How the keys of a document render in field paths: from the schema of its apiVersion/kind, the same
 * source the analysis decodes with, so hover, completion and diagnostics name a field the same way.
 */
export function keyStyleOf(doc: ParsedDocument): MapKeyStyle {
  return keyStyleFor(doc.apiVersion, doc.kind);
}

/**
 * The document's value as the analysis sees it: decoded against its schema, with Go's zero values for
 * nulls and mistyped values dropped, so core functions get the shapes they expect. Undefined for
 * objects of kinds this product does not know.
 */
export function typedValue(doc: ParsedDocument): unknown {
  const decoded = decodeTyped(doc.value);
  return decoded.known ? decoded.object : undefined;
}

export interface Cursor {
  doc: ParsedDocument;
  path: FieldPath;
  part: 'key' | 'value';
  /** Range of the key or value under the cursor. */
  range: OffsetRange | undefined;
}

export function documentAt(file: ParsedFile, offset: number): ParsedDocument | undefined {
  return file.documents.find((d) => d.range[0] <= offset && offset <= d.range[1]);
}

export function cursorAt(file: ParsedFile, offset: number): Cursor | undefined {
  const listed = documentAt(file, offset);
  if (!listed) return undefined;
  const doc = listItemAt(listed, offset); // inside a List, the item is the document
  const at = pathAtOffset(doc, offset, keyStyleOf(doc));
  if (!at) return undefined;
  return { doc, path: at.path, part: at.part, range: rangeOfPath(doc, at.path, at.part) };
}

/** The plain value at a field path of a decoded document ('' is the root). */
export { valueAtPath as valueAt } from '../core/values';
