// The one boundary between offsets (UTF-16 code units, as the analysis reports them) and LSP positions.
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import type { Diagnostic, Range } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { OffsetRange, Problem } from '../analysis/types';
import type { Severity } from '../core/types';
import { getNote, noteForCode } from '../walkthrough/index';
import { docsForCode } from '../codes/index';

/**
 * The walkthrough note that explains a problem: the note the analysis chose for this occurrence (a code or
 * a note id; `kce.runsNowhere` points at its first reason's note), else the registry's note for the code.
 */
export function noteIdFor(p: Pick<Problem, 'code' | 'note'>): string | undefined {
  if (p.note) {
    const chosen = noteForCode(p.note) ?? (getNote(p.note) ? p.note : undefined);
    if (chosen) return chosen;
  }
  return noteForCode(p.code);
}

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
  /** Walkthrough note id (see walkthrough noteForCode). */
  note?: string;
  documentIndex?: number;
  /** The message exactly as kube-apiserver (or the CLI) prints it, field path first. */
  apiMessage?: string;
}

/** The last step of a field path, with its list item when it is one (`tolerations[0].effect`). */
export function shortField(field: string): string {
  const m = /(?:[^.[\]]+(?:\[[^\]]*\])*\.)?[^.[\]]+(?:\[[^\]]*\])*$/.exec(field);
  const tail = m?.[0] ?? field;
  // Keep the parent only when it is a list item: `tolerations[0].effect`, not `metadata.name`.
  const dot = tail.indexOf('.');
  return dot > 0 && !tail.slice(0, dot).endsWith(']') ? tail.slice(dot + 1) : tail;
}

/**
 * What the Problems panel shows: what is wrong first (the short field name, then the error), since a long
 * field path in front hides it. The full path and the API-exact text go to relatedInformation and `data`.
 */
export function leadMessage(p: Pick<Problem, 'field' | 'message'>): string {
  if (!p.field || !p.message.startsWith(`${p.field}: `)) return p.message;
  return `${shortField(p.field)}: ${p.message.slice(p.field.length + 2)}`;
}

export function toDiagnostic(doc: TextDocument, p: Problem, documentIndex?: number): Diagnostic {
  const data: DiagnosticData = { field: p.field };
  const note = noteIdFor(p);
  if (note) data.note = note;
  if (documentIndex !== undefined) data.documentIndex = documentIndex;
  const range = toRange(doc, p.range);
  const message = leadMessage(p);
  if (message !== p.message) data.apiMessage = p.message;
  const d: Diagnostic = {
    range,
    severity: SEVERITY[p.severity] ?? DiagnosticSeverity.Error,
    code: p.code,
    source: 'kce',
    message,
    data,
  };
  if (p.field) {
    const location = { uri: doc.uri, range };
    d.relatedInformation = [{ location, message: `Field: ${p.field}` }];
    if (p.type) d.relatedInformation.push({ location, message: `kube-apiserver: ${p.message}` });
  }
  const href = p.docUrl ?? docsForCode(p.code);
  if (href) d.codeDescription = { href };
  return d;
}
