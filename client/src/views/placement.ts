// Pure rendering of the placement simulation: counts, two small bar charts and the node table.
import type { PlacementNodeDto, SimulatePlacementResult } from '../../../server/src/protocol';
import { esc, header, msgLink, plural } from './html';
import { errorsBanner, inventoryBanner } from './banners';
import { describeInventory } from '../inventory/status';
import type { DocumentErrors } from './banners';
import { goRefFor } from './links';
import { zoneOf } from '../../../server/src/core/vocabulary';

export type Outcome = 'runs' | 'keeps' | 'skipped';

/** runs: the controller creates a pod; keeps: an existing pod stays but no new one; skipped: neither. */
export function outcomeOf(r: PlacementNodeDto): Outcome {
  if (r.shouldRun) return 'runs';
  return r.shouldContinueRunning ? 'keeps' : 'skipped';
}

// Both non-running outcomes are "skipped" in the counts; they differ in what happens to a pod already there.
const OUTCOME_LABEL: Record<Outcome, string> = { runs: 'runs', keeps: 'skipped, pod stays', skipped: 'skipped, pod goes' };

/** Nodes per reason code, most frequent first (a node with two reasons counts for both). */
export function countByReason(rows: readonly PlacementNodeDto[]): [code: string, count: number][] {
  const m = new Map<string, number>();
  for (const r of rows) for (const code of new Set(r.reasons.map((x) => x.code))) m.set(code, (m.get(code) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export function countByOutcome(rows: readonly PlacementNodeDto[]): Record<Outcome, number> {
  const c: Record<Outcome, number> = { runs: 0, keeps: 0, skipped: 0 };
  for (const r of rows) c[outcomeOf(r)]++;
  return c;
}

/** A horizontal bar chart as inline SVG (attributes only: the CSP forbids style attributes). */
export function barChart(title: string, bars: { label: string; value: number; cls: string }[], width = 320): string {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const rowH = 20;
  const labelW = 150;
  const barW = width - labelW - 40;
  const h = bars.length * rowH + 20;
  const parts = bars.map((b, i) => {
    const y = 18 + i * rowH;
    const w = Math.round((b.value / max) * barW);
    return `<text x="0" y="${y + 11}">${esc(b.label)}</text><rect class="${esc(b.cls)}" x="${labelW}" y="${y}" width="${w}" height="14" rx="2"></rect><text x="${labelW + w + 4}" y="${y + 11}">${b.value}</text>`;
  });
  return `<svg class="chart" role="img" aria-label="${esc(title)}" width="${width}" height="${h}" viewBox="0 0 ${width} ${h}"><text x="0" y="11" font-weight="600">${esc(title)}</text>${parts.join('')}</svg>`;
}

/** Labels that locate a node: the zone (topology label, or the legacy one). */
export { zoneOf } from '../../../server/src/core/vocabulary';

export interface PlacementViewInput {
  result: SimulatePlacementResult;
  /** Node labels by name (from kce/inventory), for the zone column; optional. */
  labels?: Record<string, Record<string, string>>;
  /** Errors in the DaemonSet's document: the view says the placement is that of the text as written. */
  errors?: DocumentErrors;
}

function reasonCell(r: PlacementNodeDto, uri: string): string {
  if (r.reasons.length === 0) return '<span class="empty">—</span>';
  return r.reasons
    .map((x) => {
      const go = goRefFor(x.code);
      const field = x.range
        ? msgLink(x.field, { type: 'reveal', uri, line: x.range.start.line, character: x.range.start.character }, 'Show the field in the editor')
        : `<span class="code">${esc(x.field)}</span>`;
      const evicts = x.evicts ? ' <span class="tag bad">evicts</span>' : '';
      const note = msgLink(x.code, { type: 'note', code: x.code }, 'Open the note about this reason');
      const goLink = msgLink(go.func, { type: 'open', url: go.url }, 'Open the Go function at the pinned tag');
      return `<div>${esc(x.message)}${evicts}<br><span class="sub">${field} · ${note} · ${goLink}</span></div>`;
    })
    .join('');
}

// ---------- the scheduler stage column (ds) ----------

/** A scheduler verdict's parts as the placement and workload views show them (DTOs of both share these fields). */
export interface VerdictHtmlInput {
  allocatableUnknown?: boolean;
  reasons: readonly { plugin: string; code?: string; message: string; field: string; detail?: string; range?: { start: { line: number; character: number } } }[];
}

/** The `allocatable unknown` tag (empty when allocatable is known). */
export function allocatableUnknownTag(v: VerdictHtmlInput): string {
  return v.allocatableUnknown
    ? ' <span class="tag" title="The node lists no allocatable: resources are not checked">allocatable unknown</span>'
    : '';
}

/** Each reason with its field (revealed in the editor), its note and the Go function returning that exact string. */
export function verdictReasonsHtml(v: VerdictHtmlInput, uri: string): string {
  return v.reasons.map((x) => {
    const go = goRefFor(x.code ?? x.plugin);
    const field = x.range
      ? msgLink(x.field, { type: 'reveal', uri, line: x.range.start.line, character: x.range.start.character }, 'Show the field in the editor')
      : `<span class="code">${esc(x.field)}</span>`;
    const note = msgLink(x.plugin, { type: 'note', code: x.code ?? x.plugin }, 'Open the note about this scheduler plugin');
    const goLink = msgLink(go.func, { type: 'open', url: go.url }, 'Open the Go function at the pinned tag');
    const detail = x.detail ? ` (${esc(x.detail)})` : '';
    return `<div>${esc(x.message)}${detail}<br><span class="sub">${field} · ${note} · ${goLink}</span></div>`;
  }).join('');
}

/** The scheduler's verdict for the daemon pod: `—` where none is created, `fits`, or `Pending` with its reasons. */
function schedulerCell(r: PlacementNodeDto, uri: string): string {
  const s = r.scheduler;
  if (!s) return '<td class="stage" data-sort=""><span class="empty">—</span></td>';
  const unknown = allocatableUnknownTag(s);
  if (s.feasible) return `<td class="stage" data-sort="fits"><span class="ok">fits</span>${unknown}</td>`;
  return `<td class="stage" data-sort="pending"><span class="bad">Pending</span>${unknown}${verdictReasonsHtml(s, uri)}</td>`;
}

/** The Pending count and what the stage covers, when the server sent the scheduler's verdicts. */
function schedulerSummary(res: SimulatePlacementResult): { count: string; note: string } {
  if (res.summary.pending === undefined) return { count: '', note: '' };
  const pending = res.summary.pending;
  const unknown = res.summary.allocatableUnknown ?? 0;
  const count = `\n<div class="count"><b class="${pending ? 'bad' : 'ok'}" id="count-pending">${pending}</b>created, then Pending</div>`;
  const unknownText = unknown
    ? ` ${unknown === 1 ? '1 node lists' : `${unknown} nodes list`} no allocatable: resources are not checked there.`
    : '';
  const note = `\n<p class="sub" id="scheduler-note">Scheduler: the default scheduler's Filter plugins for the daemon pod, pinned to each node where the controller creates it, against the pods already there. Filter stage only: no scoring, no preemption.${unknownText}</p>`;
  return { count, note };
}

export function renderPlacementBody(input: PlacementViewInput): string {
  const res = input.result;
  const rows = res.nodes;
  const byOutcome = countByOutcome(rows);
  const skipped = res.summary.nodes - res.summary.shouldRun;
  const name = res.name ?? '(unnamed)';
  const ns = res.namespace ? `${res.namespace}/` : '';
  const inv = res.inventory;
  const file = inv.source === 'file' || inv.source === 'workspace' ? inv.detail : undefined;
  const invText = `${describeInventory(inv).inUse}${file ? ` (${file})` : ''} · ${plural(inv.count, 'node')}`;
  const stage = schedulerSummary(res);
  const reasonBars = countByReason(rows).map(([code, n]) => ({ label: code, value: n, cls: code === 'TaintNotTolerated' ? 'bar-warn' : 'bar-bad' }));
  // Node, outcome and reason first: at narrow widths the zone and existing-pod columns fold away (CSS).
  const table = rows
    .map((r, i) => {
      const o = outcomeOf(r);
      const zone = zoneOf(input.labels?.[r.name]);
      const mark = r.shouldRun ? '<span class="ok" aria-hidden="true">✓</span>' : '<span class="bad" aria-hidden="true">✗</span>';
      const cont = r.shouldContinueRunning ? '<span class="ok">stays</span>' : '<span class="bad">goes</span>';
      const cells = [
        `<td class="code node">${esc(r.name)}</td>`,
        `<td class="outcome" data-sort="${r.shouldRun ? 1 : 0}">${mark} ${esc(OUTCOME_LABEL[o])}</td>`,
        schedulerCell(r, res.uri),
        `<td class="reason" data-sort="${esc(r.reasons[0]?.code ?? '')}">${reasonCell(r, res.uri)}</td>`,
        `<td class="wide-only nowrap">${esc(zone)}</td>`,
        `<td class="wide-only" data-sort="${r.shouldContinueRunning ? 1 : 0}">${cont}</td>`,
      ];
      return `<tr tabindex="${i === 0 ? 0 : -1}" data-key="${esc(r.name)}" data-outcome="${o}">${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<h1>Placement of DaemonSet ${esc(ns + name)}</h1>
${errorsBanner(input.errors)}${inventoryBanner(inv)}
<p class="sub">Inventory: ${esc(invText)}</p>
<div class="counts" role="group" aria-label="Counts">
<div class="count"><b class="ok" id="count-run">${res.summary.shouldRun}</b>run${res.summary.shouldRun === 1 ? 's' : ''} the pod</div>
<div class="count"><b class="bad" id="count-skipped">${skipped}</b>skipped</div>
<div class="count"><b id="count-continue">${res.summary.shouldContinueRunning}</b>keep${res.summary.shouldContinueRunning === 1 ? 's' : ''} a running pod</div>
<div class="count"><b id="count-nodes">${res.summary.nodes}</b>${res.summary.nodes === 1 ? 'node' : 'nodes'}</div>${stage.count}
</div>${stage.note}
<div class="charts">
${barChart('Nodes by outcome', [
    { label: OUTCOME_LABEL.runs, value: byOutcome.runs, cls: 'bar-ok' },
    { label: OUTCOME_LABEL.keeps, value: byOutcome.keeps, cls: 'bar-warn' },
    { label: OUTCOME_LABEL.skipped, value: byOutcome.skipped, cls: 'bar-bad' },
  ])}
${reasonBars.length ? barChart('Skipped nodes by reason', reasonBars, 380) : '<p class="empty">Every node runs the daemon pod.</p>'}
</div>
<div class="toolbar">
<label for="filter">Filter</label><input id="filter" type="search" placeholder="node, zone, reason…">
<label for="outcome">Outcome</label><select id="outcome"><option value="all">all</option><option value="runs">runs</option><option value="keeps">skipped, pod stays</option><option value="skipped">skipped, pod goes</option></select>
<span id="shown" class="sub" aria-live="polite"></span>
· ${msgLink('Text report', { type: 'command', command: 'kce.showReport', args: [res.uri, res.documentIndex] })}
</div>
<table class="sortable" id="nodes" aria-label="Nodes: one row per node; arrow keys move between rows, Enter shows the field">
<thead><tr>${header('Node')}${header('Outcome', { api: 'shouldRun' })}${header('Scheduler', { api: 'scheduler (Filter stage)' })}${header('Reason', { api: 'reasons' })}${header('Zone', { api: 'topology.kubernetes.io/zone', cls: 'wide-only' })}${header('Existing pod', { api: 'shouldContinueRunning', cls: 'wide-only' })}</tr></thead>
<tbody>
${table}
</tbody>
</table>`;
}
