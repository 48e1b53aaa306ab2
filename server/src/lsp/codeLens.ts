// Code lens above each DaemonSet: how many nodes it runs on, opening the placement simulation.
import type { CodeLens } from 'vscode-languageserver/node';
import { SIMULATE_PLACEMENT_COMMAND } from '../protocol';
import type { Analyzed } from './session';
import { toRange } from './convert';

export function lensTitle(nodes: number, shouldRun: number): string {
  const skipped = nodes - shouldRun;
  return `runs on ${shouldRun} of ${nodes} node${nodes === 1 ? '' : 's'} · ${skipped} skipped`;
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
        title: lensTitle(d.placement.nodes, d.placement.shouldRun),
        command: SIMULATE_PLACEMENT_COMMAND,
        arguments: [a.uri, d.index],
      },
    });
  }
  return out;
}
