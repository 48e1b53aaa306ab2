// Pure rendering of the controller sync plan (creations, deletions, slow-start batches as a timeline)
// and of the rolling update rounds.
import type { RolloutResult, PlanResult } from '../../../server/src/protocol';
import { esc, msgLink } from './html';
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

/** Slow-start batches as a timeline: one block per batch, width proportional to its size. */
export function batchTimeline(batches: PlanResult['batches'], width = 560): string {
  if (batches.length === 0) return '<p class="empty">No pod to create.</p>';
  const total = batches.reduce((s, b) => s + b, 0) || 1;
  const gap = 4;
  const usable = width - gap * (batches.length - 1);
  let x = 0;
  const parts = batches.map((size, i) => {
    const w = Math.max(18, Math.round((size / total) * usable));
    const svg = `<rect class="bar-info" x="${x}" y="18" width="${w}" height="22" rx="2"><title>batch ${i + 1}: ${size} pod${size === 1 ? '' : 's'}</title></rect><text x="${x + 3}" y="33">${size}</text><text x="${x}" y="12">#${i + 1}</text>`;
    x += w + gap;
    return svg;
  });
  const w = Math.max(width, x);
  return `<svg class="chart" role="img" aria-label="Slow-start batches" width="${w}" height="48" viewBox="0 0 ${w} 48">${parts.join('')}</svg>`;
}

export function renderPlanBody(p: PlanResult, title: string): string {
  const batches = batchNodes(p)
    .map((nodes, i) => `<tr tabindex="0"><td data-sort="${i + 1}">${i + 1}</td><td data-sort="${nodes.length}">${nodes.length}</td><td>${list(nodes, '—')}</td></tr>`)
    .join('\n');
  const deletions = p.podsToDelete
    .map((d) => `<tr tabindex="0"><td class="code">${esc(d.pod)}</td><td class="code">${esc(d.node)}</td><td>${esc(d.reason)}</td></tr>`)
    .join('\n');
  return `<h1>Controller sync plan for ${esc(title)}</h1>
<p class="sub">What one sync of the DaemonSet controller would do, batch by batch (${msgLink(GO_PLAN.func, { type: 'open', url: GO_PLAN.url })}).</p>
<div class="counts"><div class="count"><b class="ok" id="count-create">${p.nodesNeedingDaemonPods.length}</b>pods created</div><div class="count"><b class="bad" id="count-delete">${p.podsToDelete.length}</b>pods deleted</div><div class="count"><b id="count-batches">${p.batches.length}</b>slow-start batches</div></div>
<h2>Slow-start timeline</h2>
${batchTimeline(p.batches)}
<h2>Nodes that get a pod</h2>
<p>${list(p.nodesNeedingDaemonPods, 'none')}</p>
<table class="sortable" aria-label="Batches"><thead><tr><th scope="col"><button>Batch</button></th><th scope="col"><button>Size</button></th><th scope="col"><button>Nodes</button></th></tr></thead><tbody>
${batches}
</tbody></table>
<h2>Pods deleted</h2>
${p.podsToDelete.length ? `<table aria-label="Deletions"><thead><tr><th scope="col">Pod</th><th scope="col">Node</th><th scope="col">Why</th></tr></thead><tbody>${deletions}</tbody></table>` : '<p class="empty">No pod is deleted.</p>'}
${notes(p.notes)}`;
}

export function renderRolloutBody(r: RolloutResult, title: string): string {
  const maxRound = Math.max(1, ...r.rounds.map((x) => x.surge.length + x.delete.length + x.create.length));
  const rounds = r.rounds
    .map((x) => {
      const seg = (n: number, cls: string, label: string): string =>
        n ? `<rect class="${cls}" x="0" y="0" width="${Math.max(2, Math.round((n / maxRound) * 200))}" height="10"><title>${esc(label)}: ${n}</title></rect>` : '';
      const bars = `<svg class="chart" width="210" height="34" viewBox="0 0 210 34" role="img" aria-label="round ${x.index}"><g>${seg(x.surge.length, 'bar-info', 'surge')}</g><g transform="translate(0,12)">${seg(x.delete.length, 'bar-bad', 'deleted')}</g><g transform="translate(0,24)">${seg(x.create.length, 'bar-ok', 'created')}</g></svg>`;
      return `<tr tabindex="0"><td data-sort="${x.index}">${x.index}</td><td>${bars}</td><td>${list(x.surge, '—')}</td><td>${list(x.delete, '—')}</td><td>${list(x.create, '—')}</td><td data-sort="${x.unavailable}">${x.unavailable}</td></tr>`;
    })
    .join('\n');
  return `<h1>Rolling update of ${esc(title)}</h1>
<p class="sub">Rounds of the controller's rolling update (${msgLink(GO_ROLLOUT.func, { type: 'open', url: GO_ROLLOUT.url })}). Percentages are resolved against the number of nodes that should run the pod; maxSurge and maxUnavailable round up.</p>
<div class="counts"><div class="count"><b id="max-surge">${r.maxSurge}</b>maxSurge (effective)</div><div class="count"><b id="max-unavailable">${r.maxUnavailable}</b>maxUnavailable (effective)</div><div class="count"><b id="count-rounds">${r.rounds.length}</b>rounds</div></div>
<p class="sub">Legend: <span class="tag">surge</span> new pod beside the old one · <span class="tag bad">deleted</span> old pod removed · <span class="tag ok">created</span> new pod started</p>
<table class="sortable" aria-label="Rounds"><thead><tr><th scope="col"><button>Round</button></th><th scope="col">Step</th><th scope="col"><button>Surge</button></th><th scope="col"><button>Deleted</button></th><th scope="col"><button>Created</button></th><th scope="col"><button>Unavailable</button></th></tr></thead><tbody>
${rounds}
</tbody></table>
${notes(r.notes)}`;
}
