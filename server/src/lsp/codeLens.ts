// Code lens above each DaemonSet: how many nodes it runs on, opening the placement simulation.
import type { CodeLens } from 'vscode-languageserver/node';
import { SIMULATE_PLACEMENT_COMMAND } from '../protocol';
import type { Problem } from '../analysis/types';
import type { Analyzed } from './session';
import { toRange } from './convert';
import { workloadLensesOf } from './workloadLens';

export function lensTitle(
  nodes: number,
  shouldRun: number,
  errors: DocumentErrors = { yaml: 0, api: 0 },
  pending = 0,
): string {
  const skipped = nodes - shouldRun;
  const placed = `runs on ${shouldRun} of ${nodes} node${nodes === 1 ? '' : 's'}${pendingPart(pending)}`;
  const warning = errorWarning(errors);
  // With errors the placement is that of the text as written: say so before the numbers, never silently.
  return warning ? `⚠ ${warning} · ${placed} as written, ignoring what is invalid` : `${placed} · ${skipped} skipped`;
}

/** `· 2 Pending`: daemon pods the controller creates that the scheduler's filters would leave Pending (ds). */
export function pendingPart(pending: number): string {
  return pending > 0 ? ` · ${pending} Pending` : '';
}

/** Errors that make a document's placement a guess: YAML syntax (parts of the text are dropped) and API errors. */
export interface DocumentErrors { yaml: number; api: number }

export function documentErrors(problems: readonly Pick<Problem, 'severity' | 'code'>[]): DocumentErrors {
  const errors = problems.filter((p) => p.severity === 'error');
  const yaml = errors.filter((p) => p.code.startsWith('yaml.')).length;
  return { yaml, api: errors.length - yaml };
}

/** `fix 9 errors first`, or the YAML syntax error, which drops part of the text; '' when there is none. */
export function errorWarning(e: DocumentErrors): string {
  const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (e.yaml) return `YAML syntax ${e.yaml === 1 ? 'error' : `errors (${e.yaml})`}: fix ${e.yaml === 1 ? 'it' : 'them'} first`;
  if (e.api) return `fix ${plural(e.api, 'error')} first`;
  return '';
}

/** The start of the line holding a document's first content (after `---`, blank lines and comments). */
export function contentStart(text: string, range: readonly [number, number]): number {
  let i = Math.max(0, Math.min(range[0], text.length));
  // Skip a leading document marker, blank lines and comments so the lens sits on the object itself.
  for (;;) {
    const eol = text.indexOf('\n', i);
    const line = text.slice(i, eol < 0 ? text.length : eol).trim();
    if (eol < 0 || !(line === '' || line === '---' || line.startsWith('#') || line.startsWith('%'))) break;
    if (eol >= range[1]) break;
    i = eol + 1;
  }
  return i;
}

export function codeLensesOf(a: Analyzed): CodeLens[] {
  const text = a.doc.getText();
  const out: CodeLens[] = [];
  for (const d of a.analysis.documents) {
    if (d.kind !== 'DaemonSet' || !d.placement) continue;
    const off = contentStart(text, d.range);
    out.push({
      range: toRange(a.doc, [off, off]),
      command: {
        title: lensTitle(d.placement.nodes, d.placement.shouldRun, documentErrors(d.problems), d.scheduler?.pending),
        command: SIMULATE_PLACEMENT_COMMAND,
        arguments: d.item === undefined ? [a.uri, d.index] : [a.uri, d.index, d.item],
      },
    });
  }
  out.push(...workloadLensesOf(a));
  return out;
}
