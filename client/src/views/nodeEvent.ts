// Pure rendering of a "what if" node event: the event, the placement diff, and the controller's actions.
import type { NodeEvent, NodeEventResult } from '../../../server/src/protocol';
import { esc, header } from './html';
import { errorsBanner } from './banners';
import type { DocumentErrors } from './banners';

/** One line saying what the event does, e.g. `add taint gpu=true:NoExecute to worker-1`. */
export function describeEvent(e: NodeEvent): string {
  switch (e.type) {
    case 'addNode':
      return `add node ${e.node.name}`;
    case 'removeNode':
      return `remove node ${e.node}`;
    case 'addTaint':
      return `add taint ${e.taint.key}${e.taint.value ? `=${e.taint.value}` : ''}:${e.taint.effect} to ${e.node}`;
    case 'removeTaint':
      return `remove taint ${e.taint.key}:${e.taint.effect} from ${e.node}`;
    case 'setLabel':
      return `label ${e.node} with ${e.key}=${e.value}`;
    case 'removeLabel':
      return `remove label ${e.key} from ${e.node}`;
    case 'cordon':
      return `${e.unschedulable === false ? 'uncordon' : 'cordon'} ${e.node}`;
  }
}

function state(s: { shouldRun: boolean; shouldContinueRunning: boolean } | undefined): string {
  if (!s) return '<span class="empty">absent</span>';
  if (s.shouldRun) return '<span class="ok">✓ runs</span>';
  return s.shouldContinueRunning ? '<span class="warn">keeps running</span>' : '<span class="bad">✗ skipped</span>';
}

export function renderNodeEventBody(ev: NodeEvent, r: NodeEventResult, title: string, errors?: DocumentErrors): string {
  // "evicts" is said only where the controller actually deletes a running pod; elsewhere NoExecute has no pod to evict.
  const deleted = new Set(r.actions.delete);
  const evicted = new Set(r.changes.filter((c) => deleted.has(c.name) && c.reasons.some((x) => x.evicts)).map((c) => c.name));
  const why = (node: string, x: NodeEventResult['changes'][number]['reasons'][number]): string => {
    if (!x.evicts) return '';
    return deleted.has(node) ? ' <span class="tag bad">evicts</span>' : ' <span class="tag">NoExecute: no daemon pod here to evict</span>';
  };
  const rows = r.changes
    .map((c, i) => `<tr tabindex="${i === 0 ? 0 : -1}" data-key="${esc(c.name)}"><td class="code node">${esc(c.name)}</td><td class="nowrap">${state(c.before)}</td><td class="nowrap">${state(c.after)}</td><td class="reason">${c.reasons.map((x) => `<div>${esc(x.message)}${why(c.name, x)}</div>`).join('') || '<span class="empty">—</span>'}</td></tr>`)
    .join('\n');
  const actions: string[] = [];
  for (const n of r.actions.create) actions.push(`<li><span class="ok">create</span> a daemon pod on <span class="code">${esc(n)}</span></li>`);
  for (const n of r.actions.delete) {
    const verb = evicted.has(n) ? 'evict (NoExecute)' : 'delete';
    actions.push(`<li><span class="bad">${esc(verb)}</span> the daemon pod on <span class="code">${esc(n)}</span></li>`);
  }
  const runsBefore = r.before.filter((x) => x.shouldRun).length;
  const runsAfter = r.after.filter((x) => x.shouldRun).length;
  return `<h1>What if: ${esc(describeEvent(ev))}</h1>
${errorsBanner(errors)}<p class="sub">DaemonSet ${esc(title)}</p>
<div class="counts"><div class="count"><b id="runs-before">${runsBefore}</b>runs before</div><div class="count"><b id="runs-after">${runsAfter}</b>runs after</div><div class="count"><b id="count-changes">${r.changes.length}</b>nodes change</div></div>
<h2>What the controller does</h2>
${actions.length ? `<ul id="actions">${actions.join('')}</ul>` : `<p class="empty" id="actions">${r.changes.length ? 'No daemon pod is created or deleted: the nodes that change placement had none to remove, or keep theirs.' : 'No daemon pod is created or deleted.'}</p>`}
<h2>Placement diff</h2>
${r.changes.length ? `<table class="sortable" id="changes" aria-label="Changes"><thead><tr>${header('Node')}${header('Before')}${header('After')}${header('Why', { api: 'reasons' })}</tr></thead><tbody>${rows}</tbody></table>` : '<p class="empty">No node changes placement.</p>'}`;
}
