// `kce simulate` for workloads with a pod template (not DaemonSets): the JSON `workloads` array and the text tables.
import type { NodeInfo } from '../core/types';
import { zoneOf } from '../core/vocabulary';
import type { FileAnalysis } from '../analysis/types';
import { FILTER_STAGE_ONLY, workloadPreview } from '../analysis/workloads';
import { schedulerResult, type SchedulerResult } from '../analysis/results';
import { renderTable } from './table';

/** One workload as `simulate --format json` prints it (README's JSON contract). */
export interface WorkloadJson {
  kind: string;
  namespace: string | null;
  name: string | null;
  file: string;
  document: number;
  /** The index inside `items` when the workload is an item of a `kind: List` document. */
  item?: number;
  summary: { nodes: number; feasible: number };
  nodes: ({ name: string } & SchedulerResult)[];
  notes: string[];
  errors: number;
}

/** `{ item }` for an item of a `kind: List` document, else nothing (the JSON field is absent). */
export function itemOf(d: { item?: number }): { item?: number } {
  return d.item !== undefined ? { item: d.item } : {};
}

/** `document 2` or, for a List item, `document 2, item 3` (both 1-based, as editors count). */
export function documentLabel(w: { document: number; item?: number }): string {
  return `document ${w.document + 1}${w.item !== undefined ? `, item ${w.item + 1}` : ''}`;
}

/** Every workload preview of the analysed files, in file and document order. */
export function workloadsOf(files: readonly { path: string; analysis: FileAnalysis }[]): WorkloadJson[] {
  const out: WorkloadJson[] = [];
  for (const f of files) {
    const ctx = f.analysis.context;
    if (!ctx) continue;
    for (const d of f.analysis.documents) {
      const p = d.workload ? workloadPreview(d, ctx) : undefined;
      if (!p) continue;
      out.push({
        kind: p.kind,
        namespace: d.namespace ?? null,
        name: d.name ?? null,
        file: f.path,
        document: d.index,
        ...itemOf(d),
        summary: p.summary,
        nodes: p.nodes.map((n) => ({ name: n.name, ...schedulerResult(n) })),
        notes: p.notes,
        errors: d.problems.filter((x) => x.severity === 'error').length,
      });
    }
  }
  return out;
}

/** The text form: per workload a header, the counts and a node table (nodes that reject the pod first). */
export function workloadsText(workloads: readonly WorkloadJson[], nodes: readonly NodeInfo[]): string {
  if (workloads.length === 0) return '';
  const byName = new Map(nodes.map((n) => [n.name, n]));
  let s = '';
  for (const w of workloads) {
    const who = w.namespace ? `${w.namespace}/${w.name ?? '(no name)'}` : (w.name ?? '(no name)');
    const rejected = w.summary.nodes - w.summary.feasible;
    const errors = w.errors ? ` · ${w.errors} validation error${w.errors === 1 ? '' : 's'} (kce validate)` : '';
    s += `\n${w.kind} ${who}  (${w.file}, ${documentLabel(w)})\n`;
    s += `fits on ${w.summary.feasible} of ${w.summary.nodes} nodes · ${rejected} rejected${errors}\n`;
    const unknown = w.nodes.filter((n) => n.allocatableUnknown).length;
    if (unknown) s += `resources not checked on ${unknown} node${unknown === 1 ? '' : 's'}: no allocatable in the inventory\n`;
    for (const n of w.notes) s += `note: ${n}\n`;
    const ordered = [...w.nodes.filter((n) => !n.feasible), ...w.nodes.filter((n) => n.feasible)];
    const rows = ordered.map((n) => {
      const first = n.reasons[0];
      const why = first ? `${first.plugin}: ${first.message}${first.detail ? ` (${first.detail})` : ''}` : '';
      const unknown = n.allocatableUnknown && n.feasible ? 'allocatable unknown: resources not checked' : '';
      return [n.name, zoneOf(byName.get(n.name)?.labels), n.feasible ? '✓' : '✗', why + unknown];
    });
    s += '\n' + renderTable(['NODE', 'ZONE', 'FITS', 'WHY NOT (SCHEDULER FILTER)'], rows) + '\n';
  }
  s += `\nFITS: the pod its controller creates passes ${FILTER_STAGE_ONLY}.\n`;
  return s;
}
