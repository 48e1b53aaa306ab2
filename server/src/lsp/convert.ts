// The one boundary between offsets (UTF-16 code units, as the analysis reports them) and LSP positions.
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import type { Diagnostic, Range } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { OffsetRange, Problem } from '../analysis/types';
import type { Severity } from '../core/types';

export function toRange(doc: TextDocument, range: OffsetRange): Range {
  const len = doc.getText().length;
  const clamp = (n: number): number => (Number.isFinite(n) ? Math.min(Math.max(0, Math.floor(n)), len) : 0);
  const start = clamp(range[0]);
  const end = Math.max(start, clamp(range[1]));
  return { start: doc.positionAt(start), end: doc.positionAt(end) };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
};

/** What a diagnostic carries back to code actions. */
export interface DiagnosticData {
  field: string;
  note?: string;
  documentIndex?: number;
}

export function toDiagnostic(doc: TextDocument, p: Problem, documentIndex?: number): Diagnostic {
  const data: DiagnosticData = { field: p.field };
  if (p.note) data.note = p.note;
  if (documentIndex !== undefined) data.documentIndex = documentIndex;
  const d: Diagnostic = {
    range: toRange(doc, p.range),
    severity: SEVERITY[p.severity] ?? DiagnosticSeverity.Error,
    code: p.code,
    source: 'kce',
    message: p.message,
    data,
  };
  if (p.docUrl) d.codeDescription = { href: p.docUrl };
  return d;
}
