// Diagnostics for one analysed text: every document's problems, converted at the offset boundary.
import type { Diagnostic } from 'vscode-languageserver/node';
import type { Analyzed } from './session';
import { toDiagnostic } from './convert';

export function diagnosticsOf(a: Analyzed): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of a.analysis.documents) {
    for (const p of d.problems) out.push(toDiagnostic(a.doc, p, d.index));
  }
  return out;
}
