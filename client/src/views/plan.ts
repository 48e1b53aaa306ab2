// Pure rendering of the controller sync plan (creations, deletions, slow-start batches as a timeline)
// and of the rolling update rounds.
import type { RolloutResult, PlanResult } from '../../../server/src/protocol';
import { esc, header, msgLink, plural } from './html';
import { errorsBanner } from './banners';
import type { DocumentErrors } from './banners';
import { GO_PLAN, GO_ROLLOUT } from './links';

/** The nodes of each slow-start batch: the batch sizes split nodesNeedingDaemonPods in order. */
export function batchNodes(p: Pick<PlanResult, 'nodesNeedingDaemonPods' | 'batches'>): string[][] {
  let i = 0;
  return p.batches.map((size) => p.nodesNeedingDaemonPods.slice(i, (i += size)));
}

function list(items: readonly string[], empty: string): string {
  return items.length ? `<span class="code">${items.map(esc).join(', ')}</span>` : `<span class="empty">${esc(empty)}</span>`;
}

function notes(ns: readonly string[]): string {
  return ns.length ? `<h2>Notes</h2><ul class="notes">${ns.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : '';
}

/** Slow-start batches as a timeline that wraps with the panel: one labelled block per batch. */
export function batchTimeline(batches: PlanResult['batches']): string {
  if (batches.length === 0) return '<p class="empty">No pod to create.</p>';
  const items = batches.map((size, i) => `<li><b>Batch ${i + 1}</b>${esc(plural(size, 'pod'))}</li>`);
  return `<ol class="timeline" aria-label="Slow-start batches">${items.join('')}</ol>`;
}

/** Rows of a table: the first is the table's one Tab stop (viewScript.ts roves it). */
const row = (i: number, key: string, cells: string): string => `<tr tabindex="${i === 0 ? 0 : -1}" data-key="${esc(key)}">${cells}</tr>`;

export function renderPlanBody(p: PlanResult, title: string, errors?: DocumentErrors): string {
  const batches = batchNodes(p)
    .map((nodes, i) => row(i, String(i + 1), `<td data-sort="${i + 1}">${i + 1}</td><td data-sort="${nodes.length}">${nodes.length}</td><td class="list">${list(nodes, '—')}</td>`))
    .join('\n');
  const deletions = p.podsToDelete
    .map((d, i) => row(i, d.pod, `<td class="code">${esc(d.pod)}</td><td class="code node">${esc(d.node)}</td><td class="reason">${esc(d.reason)}</td>`))
    .join('\n');
  return `<h1>Controller sync plan for ${esc(title)}</h1>
${errorsBanner(errors)}
<p class="sub">What one sync of the DaemonSet controller would do, batch by batch (${msgLink(GO_PLAN.func, { type: 'open', url: GO_PLAN.url })}).</p>
<div class="counts"><div class="count"><b class="ok" id="count-create">${p.nodesNeedingDaemonPods.length}</b>pods created</div><div class="count"><b class="bad" id="count-delete">${p.podsToDelete.length}</b>pods deleted</div><div class="count"><b id="count-batches">${p.batches.length}</b>slow-start batches</div></div>
<h2>Slow-start timeline</h2>
${batchTimeline(p.batches)}
<h2>Nodes that get a pod</h2>
<p>${list(p.nodesNeedingDaemonPods, 'none')}</p>
<table class="sortable" id="batches" aria-label="Batches"><thead><tr>${header('Batch')}${header('Pods', { api: 'size' })}${header('Nodes')}</tr></thead><tbody>
${batches}
</tbody></table>
<h2>Pods deleted</h2>
${p.podsToDelete.length ? `<table id="deletions" aria-label="Deletions"><thead><tr>${header('Pod', { sortable: false })}${header('Node', { sortable: false })}${header('Why', { api: 'reason', sortable: false })}</tr></thead><tbody>${deletions}</tbody></table>` : '<p class="empty">No pod is deleted.</p>'}
${notes(p.notes)}`;
}

/** Rounds are numbered from 1, by their position, as the notes and the CLI number them ("round 1"). */
export function roundNumber(position: number): number {
  return position + 1;
}

export function renderRolloutBody(r: RolloutResult, title: string, errors?: DocumentErrors): string {
  const rounds = r.rounds
    .map((x, i) => {
      const n = roundNumber(i);
      // The step in words (colour is only a hint): how many pods surge, go and start this round.
      const steps = [
        x.surge.length ? `<span class="tag">${esc(plural(x.surge.length, 'surge'))}</span>` : '',
        x.delete.length ? `<span class="tag bad">${esc(`${x.delete.length} deleted`)}</span>` : '',
        x.create.length ? `<span class="tag ok">${esc(`${x.create.length} created`)}</span>` : '',
      ].filter(Boolean).join('');
      const cells = `<td data-sort="${n}">${n}</td><td class="steps">${steps || '<span class="empty">—</span>'}</td><td class="list">${list(x.surge, '—')}</td><td class="list">${list(x.delete, '—')}</td><td class="list">${list(x.create, '—')}</td><td class="wide-only" data-sort="${x.unavailable}">${x.unavailable}</td>`;
      return row(i, String(n), cells);
    })
    .join('\n');
  return `<h1>Rolling update of ${esc(title)}</h1>
${errorsBanner(errors)}
<p class="sub">Rounds of the controller's rolling update (${msgLink(GO_ROLLOUT.func, { type: 'open', url: GO_ROLLOUT.url })}). Percentages are resolved against the number of nodes that should run the pod; maxSurge and maxUnavailable round up.</p>
<div class="counts"><div class="count"><b id="max-surge">${r.maxSurge}</b>maxSurge (effective)</div><div class="count"><b id="max-unavailable">${r.maxUnavailable}</b>maxUnavailable (effective)</div><div class="count"><b id="count-rounds">${r.rounds.length}</b>rounds</div></div>
<p class="sub">Rounds are numbered from 1, as in the notes. Surge: a new pod beside the old one · deleted: old pod removed · created: new pod started.</p>
<table class="sortable" id="rounds" aria-label="Rounds"><thead><tr>${header('Round')}${header('Step', { sortable: false })}${header('Surge')}${header('Deleted')}${header('Created')}${header('Unavailable', { api: 'unavailable', cls: 'wide-only' })}</tr></thead><tbody>
${rounds}
</tbody></table>
${notes(r.notes)}`;
}
