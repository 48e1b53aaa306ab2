// Code lens above each workload with a pod template: on how many nodes its pod passes the scheduler's filters,
// opening the workload preview view. Counted on demand and cached (analysis/workloads.ts).
import type { CodeLens } from 'vscode-languageserver/node';
import { SIMULATE_WORKLOAD_COMMAND } from '../protocol';
import { workloadPreview } from '../analysis/workloads';
import type { Analyzed } from './session';
import { toRange } from './convert';
import { contentStart, documentErrors, errorWarning, type DocumentErrors } from './codeLens';

export function workloadLensTitle(nodes: number, feasible: number, errors: DocumentErrors = { yaml: 0, api: 0 }): string {
  const fits = `fits on ${feasible} of ${nodes} node${nodes === 1 ? '' : 's'}`;
  const warning = errorWarning(errors);
  return warning ? `⚠ ${warning} · ${fits} as written, ignoring what is invalid` : `${fits} · Filter stage only`;
}

export function workloadLensesOf(a: Analyzed): CodeLens[] {
  const ctx = a.analysis.context;
  if (!ctx) return [];
  const text = a.doc.getText();
  const out: CodeLens[] = [];
  for (const d of a.analysis.documents) {
    const p = d.workload ? workloadPreview(d, ctx) : undefined;
    if (!p) continue;
    const off = contentStart(text, d.range);
    out.push({
      range: toRange(a.doc, [off, off]),
      command: {
        title: workloadLensTitle(p.summary.nodes, p.summary.feasible, documentErrors(d.problems)),
        command: SIMULATE_WORKLOAD_COMMAND,
        arguments: d.item === undefined ? [a.uri, d.index] : [a.uri, d.index, d.item],
      },
    });
  }
  return out;
}
