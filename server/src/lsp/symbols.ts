// Outline of a (multi-document) file: one symbol per Kubernetes object, named by kind and name.
import { SymbolKind } from 'vscode-languageserver/node';
import type { DocumentSymbol } from 'vscode-languageserver/node';
import type { OffsetRange } from '../analysis/types';
import { rangeOfPath } from '../yaml/paths';
import type { Analyzed, Session } from './session';
import { lensTitle, contentStart } from './codeLens';
import { toRange } from './convert';
import { listItem } from '../analysis/lists';

/** The document's range without trailing blank lines, so the outline highlights the object only. */
function trimmed(text: string, r: OffsetRange, start: number): OffsetRange {
  let end = Math.min(r[1], text.length);
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return [start, end];
}

export function documentSymbolsOf(a: Analyzed, session: Session): DocumentSymbol[] {
  const text = a.doc.getText();
  const parsed = session.yaml(a).documents;
  const out: DocumentSymbol[] = [];
  for (const d of a.analysis.documents) {
    if (!d.kind || d.index < 0) continue;
    const start = contentStart(text, d.range);
    const range = trimmed(text, d.range, start);
    const listed = parsed.find((p) => p.index === d.index);
    const ydoc = listed && d.item !== undefined ? listItem(listed, d.item) : listed;
    let sel: OffsetRange | undefined;
    if (ydoc) sel = rangeOfPath(ydoc, d.name !== undefined ? 'metadata.name' : 'kind', 'value');
    // The selection must sit inside the symbol's range.
    if (!sel || sel[0] < range[0] || sel[1] > range[1]) sel = [range[0], range[0]];
    const detail = [d.apiVersion, d.namespace ? `namespace ${d.namespace}` : undefined, d.placement ? lensTitle(d.placement.nodes, d.placement.shouldRun) : undefined]
      .filter((x): x is string => !!x)
      .join(' · ');
    const sym: DocumentSymbol = {
      name: d.name ? `${d.kind} ${d.name}` : d.kind,
      kind: SymbolKind.Class,
      range: toRange(a.doc, range),
      selectionRange: toRange(a.doc, sel),
    };
    if (detail) sym.detail = detail;
    out.push(sym);
  }
  return out;
}
