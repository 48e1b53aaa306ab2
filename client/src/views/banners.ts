// Banners at the top of a simulation view: never show the placement of a document with errors, or of a
// fallback inventory, without saying so.
import type { InventoryInfo } from '../../../server/src/protocol';
import { describeInventory, nodes } from '../inventory/status';
import { esc } from './html';

/** Error diagnostics in the DaemonSet's YAML document: syntax errors (text dropped) and API errors. */
export interface DocumentErrors { yaml: number; api: number }

/** A diagnostic as both VS Code and LSP give it: severity 1 is Error in both. */
export interface DiagnosticLike {
  severity?: number;
  source?: string;
  code?: string | number | { value: string | number };
  range: { start: { line: number; character: number } };
}
interface Span { start: { line: number; character: number }; end: { line: number; character: number } }

const before = (a: Span['start'], b: Span['start']): boolean => a.line < b.line || (a.line === b.line && a.character < b.character);

/** Our error diagnostics that start inside the document's range, syntax apart from the rest. */
export function countErrors(diagnostics: readonly DiagnosticLike[], range: Span, errorSeverity = 1): DocumentErrors {
  const inside = (d: DiagnosticLike): boolean => !before(d.range.start, range.start) && !before(range.end, d.range.start);
  const errors = diagnostics.filter((d) => d.source === 'kce' && d.severity === errorSeverity && inside(d));
  const code = (d: DiagnosticLike): string => String(typeof d.code === 'object' ? d.code.value : d.code ?? '');
  const yaml = errors.filter((d) => code(d).startsWith('yaml.')).length;
  return { yaml, api: errors.length - yaml };
}

export function errorsBanner(e: DocumentErrors | undefined, kind = 'DaemonSet'): string {
  if (!e || (!e.yaml && !e.api)) return '';
  const n = e.yaml + e.api;
  const syntax = e.yaml === 1 ? 'a YAML syntax error' : `${e.yaml} YAML syntax errors`;
  const what = e.yaml
    ? `This document has ${syntax}: the parts that do not parse are left out.`
    : `This ${kind} has ${n === 1 ? '1 error' : `${n} errors`} that kube-apiserver would reject.`;
  const then = 'The placement below is that of the text as written, ignoring what is invalid.';
  return `<div class="banner error" role="alert" id="errors-banner"><b>Fix ${n === 1 ? 'it' : 'them'} first.</b> ${esc(what)} ${then}</div>`;
}

export function inventoryBanner(info: InventoryInfo): string {
  const v = describeInventory(info);
  if (v.level === 'ok') return '';
  const asked = v.requested ? `${v.requested} is not in use. ` : '';
  const stale = v.stale ? 'The cluster is not answering: these are the last nodes read. ' : '';
  const problem = v.problem ? `${v.problem}. ` : stale;
  const text = `${asked}${problem}Placement on ${v.inUse} (${nodes(v.count)}).`;
  return `<div class="banner" role="status" id="inventory-banner">${esc(text)}</div>`;
}
