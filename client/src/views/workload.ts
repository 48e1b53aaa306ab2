// Pure rendering of a workload preview (Deployment, StatefulSet, Job…: every kind with a pod template but DaemonSet):
// on how many nodes its pod passes the scheduler's Filter stage, what the numbers do not cover, and a node table with
// each plugin's reason (field, note and Go function linked).
import type { SimulateWorkloadResult, WorkloadNodeDto } from '../../../server/src/protocol';
import { esc, header, plural } from './html';
import { errorsBanner, inventoryBanner, type DocumentErrors } from './banners';
import { describeInventory } from '../inventory/status';
import { allocatableUnknownTag, barChart, verdictReasonsHtml } from './placement';

export interface WorkloadViewInput {
  result: SimulateWorkloadResult;
  errors?: DocumentErrors;
}

function verdictCell(v: WorkloadNodeDto, uri: string): string {
  const unknown = allocatableUnknownTag(v);
  if (v.feasible) return `<span class="ok">fits</span>${unknown}`;
  return `<span class="bad">does not fit</span>${unknown}${verdictReasonsHtml(v, uri)}`;
}

/** Nodes per plugin that rejects the pod, most frequent first. */
export function countByPlugin(nodes: readonly WorkloadNodeDto[]): [plugin: string, count: number][] {
  const m = new Map<string, number>();
  for (const n of nodes) for (const p of new Set(n.reasons.map((r) => r.plugin))) m.set(p, (m.get(p) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export function renderWorkloadBody(input: WorkloadViewInput): string {
  const r = input.result;
  const { nodes, feasible } = r.summary;
  const name = `${r.namespace ? `${r.namespace}/` : ''}${r.name ?? '(unnamed)'}`;
  const inv = describeInventory(r.inventory);
  // Nodes that reject the pod first, in the server's order otherwise.
  const ordered = [...r.nodes.filter((n) => !n.feasible), ...r.nodes.filter((n) => n.feasible)];
  const rows = ordered.map((n, i) => {
    const cells = `<td class="code node">${esc(n.name)}</td><td class="stage" data-sort="${n.feasible ? 1 : 0}">${verdictCell(n, r.uri)}</td>`;
    return `<tr tabindex="${i === 0 ? 0 : -1}" data-key="${esc(n.name)}" data-outcome="${n.feasible ? 'fits' : 'rejected'}">${cells}</tr>`;
  });
  const bars = countByPlugin(r.nodes).map(([p, c]) => ({ label: p, value: c, cls: 'bar-bad' }));
  return `<h1>Preview of ${esc(r.kind)} ${esc(name)}</h1>
${errorsBanner(input.errors, r.kind)}${inventoryBanner(r.inventory)}
<p class="sub">Inventory: ${esc(inv.inUse)} · ${esc(plural(inv.count, 'node'))}</p>
<div class="counts" role="group" aria-label="Counts">
<div class="count"><b class="ok" id="count-fits">${feasible}</b>${feasible === 1 ? 'node fits' : 'nodes fit'} its pod</div>
<div class="count"><b class="bad" id="count-rejected">${nodes - feasible}</b>${nodes - feasible === 1 ? 'node does' : 'nodes do'} not</div>
<div class="count"><b id="count-nodes">${nodes}</b>${nodes === 1 ? 'node' : 'nodes'}</div>
</div>
<ul class="notes" id="workload-notes">${r.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>
${bars.length ? `<div class="charts">${barChart('Nodes rejecting the pod, by filter plugin', bars, 380)}</div>` : ''}
<table class="sortable" id="nodes" aria-label="Nodes: one row per node; arrow keys move between rows and to the column headers, Enter shows the field">
<thead><tr>${header('Node')}${header('Scheduler', { api: 'Filter stage verdict' })}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}
