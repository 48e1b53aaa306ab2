// Hover: placement previews on a DaemonSet, per-node matches of selectors, terms and tolerations,
// and one-line explanations of the other scheduling fields.
import { MarkupKind } from 'vscode-languageserver/node';
import type { Hover } from 'vscode-languageserver/node';
import type { DocumentAnalysis } from '../analysis/types';
import { GO_LINKS, goFileUrl, goSymbolFor, PLACEMENT_REASONS, schedulerMessage, schedulerReasonCode, type GoSymbol } from '../codes/index';
import type { DaemonScheduling } from '../analysis/daemonScheduling';
import { reasonText } from '../analysis/scheduling';
import { newNodeSelectorTerm, termMatches, explainTerm } from '../core/nodeAffinity';
import { describeToleration, taintToString, toleratesTaint } from '../core/taints';
import type { NodeInfo, NodePlacement, NodeSelectorTerm, Toleration } from '../core/types';
import type { Analyzed, Session } from './session';
import { toRange } from './convert';
import { workloadHover } from './workloadHover';
import { cursorAt, typedValue, valueAt } from './yamlView';
import { blobUrl, getNote, noteForCode } from '../walkthrough/index';
import { findAnalysis } from '../analysis/lists';

interface FieldDoc { text: string; go?: [label: string, url: string] }

// Go links come from the code registry (server/src/codes/): the function that decides each reason.
const goLink = (g: GoSymbol): [string, string] => [g.symbol, goFileUrl(g.path)];
const CONTROLLER = goLink(GO_LINKS.nodeShouldRun);
const AFFINITY = goLink(PLACEMENT_REASONS.NodeAffinityMismatch.go);
const TAINTS = goLink(PLACEMENT_REASONS.TaintNotTolerated.go);
const UPDATE = goLink(GO_LINKS.rollingUpdate);

// Keyed by the last field name of the path.
const FIELD_DOCS: Record<string, FieldDoc> = {
  nodeName: { text: 'Pins the pod to one node: the DaemonSet runs only on the node with this name.', go: CONTROLLER },
  nodeSelector: { text: 'Every key must be a node label with exactly this value, or the node gets no daemon pod.', go: AFFINITY },
  affinity: { text: 'Scheduling constraints; only required node affinity decides where a daemon pod runs.', go: AFFINITY },
  nodeAffinity: { text: 'Node affinity: required terms decide placement (ORed); preferred terms only rank nodes.', go: AFFINITY },
  requiredDuringSchedulingIgnoredDuringExecution: { text: 'A node must match at least one of these terms (terms are ORed, expressions inside a term ANDed).', go: AFFINITY },
  preferredDuringSchedulingIgnoredDuringExecution: { text: 'Preferences only rank nodes for the scheduler; they never stop a daemon pod from running.' },
  nodeSelectorTerms: { text: 'Terms are ORed: a node qualifies when any one term matches. An empty list matches nothing.', go: AFFINITY },
  tolerations: { text: 'Lets the pod run on nodes with matching taints; NoSchedule and NoExecute taints without a toleration keep the pod off.', go: TAINTS },
  tolerationSeconds: { text: 'How long a pod stays on a node after a matching NoExecute taint appears; only valid with effect NoExecute.' },
  updateStrategy: { text: 'RollingUpdate (default) replaces pods node by node under maxUnavailable/maxSurge; OnDelete waits for you to delete them.', go: UPDATE },
  rollingUpdate: { text: 'Limits of a rolling update: maxUnavailable and maxSurge (one of them must be non-zero).', go: UPDATE },
  maxUnavailable: { text: 'How many nodes may be without an available daemon pod during an update (int or percent, rounded up; default 1).', go: UPDATE },
  maxSurge: { text: 'How many nodes may run an old and a new pod at once during an update (int or percent, rounded up; default 0).', go: UPDATE },
  minReadySeconds: { text: 'A new pod counts as available only after being ready this long; slows down rolling updates.' },
  revisionHistoryLimit: { text: 'How many old ControllerRevisions are kept for rollback (default 10).' },
  selector: { text: 'Must match the template labels; immutable after creation. The controller owns pods it selects.' },
  hostNetwork: { text: 'A host-network daemon pod also tolerates node.kubernetes.io/network-unavailable automatically.', go: goLink(GO_LINKS.daemonTolerations) },
  priorityClassName: { text: 'Priority of the daemon pods; system-node-critical is usual for node agents.' },
};

// User data (node names, label values, messages quoting them) is escaped so it can never form a link, an
// image, HTML or a table break: the VS Code client trusts our note-command links (client/src/walkthrough/links.ts).
// Parentheses alone cannot open a link once brackets are escaped, so they stay readable.
const MD_SPECIAL = /[\\`*_[\]<>!|~&]/g;

export function esc(s: string): string {
  return s.replace(/\r?\n|\r/g, ' ').replace(MD_SPECIAL, (c) => `\\${c}`);
}

// A code span is literal (no links inside); a line break would end it, a backtick would close it.
export function code(s: string): string {
  return '`' + s.replace(/\r?\n|\r/g, ' ').replace(/`/g, "'") + '`';
}

function more(n: number): string {
  return n > 0 ? `\n\n_and ${n} more_` : '';
}

/**
 * Counts then a compact table, capped at maxNodes rows: skipped nodes (✗) first, then nodes where the daemon pod is
 * created but would stay Pending (⚠, the scheduler's reason), then the others (✓).
 */
export function placementMarkdown(d: DocumentAnalysis, maxNodes: number, inventory: string): string {
  const p = d.placement!;
  const skipped = p.nodes - p.shouldRun;
  const sched = d.scheduler;
  const pending = sched?.pending ?? 0;
  const pendingCount = pending ? ` · **${pending} Pending**` : '';
  const head = `**${esc(d.kind ?? 'DaemonSet')} ${d.name ? code(d.name) : ''}** runs on **${p.shouldRun} of ${p.nodes}** nodes${pendingCount} · ${skipped} skipped _(${esc(inventory)})_`;
  if (p.placements.length === 0) return head;
  const isPending = (x: NodePlacement) => x.shouldRun && sched?.verdictFor(x.node)?.feasible === false;
  const ordered = [...p.placements.filter((x) => !x.shouldRun), ...p.placements.filter(isPending),
    ...p.placements.filter((x) => x.shouldRun && !isPending(x))];
  const shown = ordered.slice(0, maxNodes);
  const rows = shown.map((x) => schedulerRow(x, sched) ??
    `| ${x.shouldRun ? '✓' : '✗'} | ${esc(x.node)} | ${esc(x.reasons.map((r) => r.message).join('; '))} |`);
  if (shown.length === 0) return head + more(ordered.length);
  const why = whyLinks([...shown.flatMap((x) => x.reasons.map((r) => r.code)), ...schedulerCodes(shown, sched)]);
  const stage = sched && (pending || sched.allocatableUnknown) ? `\n\n${SCHEDULER_STAGE_NOTE}` : '';
  return `${head}\n\n| | node | reason |\n|:-:|---|---|\n${rows.join('\n')}${more(ordered.length - shown.length)}${stage}${why ? `\n\n${why}` : ''}`;
}

// ---------- the scheduler stage of a DaemonSet's hover (ds) ----------

const SCHEDULER_STAGE_NOTE = '⚠ created, then Pending: the scheduler\'s Filter plugins for the daemon pod against the pods ' +
  'already on the node (Filter stage only: no scoring, no preemption).';

/** A row for a node that gets a daemon pod, when the scheduler has something to say; undefined otherwise. */
function schedulerRow(x: NodePlacement, sched: DaemonScheduling | undefined): string | undefined {
  const v = x.shouldRun ? sched?.verdictFor(x.node) : undefined;
  if (!v || (v.feasible && !v.allocatableUnknown)) return undefined;
  if (v.feasible) return `| ✓ | ${esc(x.node)} | ${esc('allocatable unknown: resources not checked')} |`;
  // Each reason string links the Go function that returns it (Insufficient vs Too many pods, affinity vs anti-affinity).
  const text = v.reasons.map((r) => esc(reasonText(v, r)) + goLinkOf(r)).join('; ');
  return `| ⚠ | ${esc(x.node)} | ${esc(schedulerMessage.wouldBePending(''))}${text} |`;
}

/** ` ([fitsRequest](url))`: the Go function that returns this reason string, or nothing when unknown. */
export function goLinkOf(r: { plugin: string; message: string }): string {
  const go = goSymbolFor(reasonCode(r));
  return go ? ` ([${esc(go.symbol)}](${go.url}))` : '';
}

/** The registry code of one reason string (its plugin's name when the string is unknown). */
export function reasonCode(r: { plugin: string; message: string }): string {
  return schedulerReasonCode(r.plugin, r.message) ?? r.plugin;
}

/** The reason codes of the Pending rows shown, for their "Why? (note)" links. */
function schedulerCodes(shown: readonly NodePlacement[], sched: DaemonScheduling | undefined): string[] {
  if (!sched?.pending) return [];
  return shown.flatMap((x) => (x.shouldRun ? sched.verdictFor(x.node)?.reasons.map(reasonCode) ?? [] : []));
}

/**
 * "Why? (note)" links for reason codes: each links to the note's first Go function, titled
 * `kce-note:<id>` so that the VS Code client turns it into a command that opens the note.
 */
export function whyLinks(codes: readonly string[]): string {
  const links: string[] = [];
  const seen = new Set<string>();
  for (const c of codes) {
    const id = noteForCode(c);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const anchor = getNote(id)?.anchors[0];
    if (anchor) links.push(`[${esc(c)}](${blobUrl(anchor)} "kce-note:${id}")`);
  }
  return links.length ? `Why? (note) ${links.join(' · ')}` : '';
}

function matchTable(title: string, nodes: readonly NodeInfo[], matches: (n: NodeInfo) => { ok: boolean; why: string }, maxNodes: number): string {
  const results = nodes.map((n) => ({ n, ...matches(n) }));
  const ok = results.filter((r) => r.ok);
  const no = results.filter((r) => !r.ok);
  const head = `${title}: matches **${ok.length} of ${nodes.length}** nodes`;
  const ordered = [...ok, ...no];
  const shown = ordered.slice(0, maxNodes);
  if (shown.length === 0) return head + more(ordered.length);
  const rows = shown.map((r) => `| ${r.ok ? '✓' : '✗'} | ${esc(r.n.name)} | ${esc(r.why)} |`);
  return `${head}\n\n| | node | |\n|:-:|---|---|\n${rows.join('\n')}${more(ordered.length - shown.length)}`;
}

function fieldDoc(name: string): string | undefined {
  const f = FIELD_DOCS[name];
  if (!f) return undefined;
  return f.go ? `${f.text} — [${f.go[0]}](${f.go[1]})` : f.text;
}

function lastField(path: string): string {
  const m = /(?:^|\.)([A-Za-z_$][\w$]*)(?:\[[^\]]*\])*$/.exec(path);
  return m?.[1] ?? '';
}

/** The hover text for one field path of one document, or undefined when there is nothing to say. */
export function hoverMarkdown(path: string, root: unknown, d: DocumentAnalysis | undefined, a: Analyzed, inventory: string): string | undefined {
  const maxNodes = a.settings.hover.maxNodes;
  const nodes = a.nodes;
  const gates = a.gates;

  if ((path === 'kind' || path === 'metadata.name' || path === 'spec' || path === 'metadata') && d?.placement) {
    return placementMarkdown(d, maxNodes, inventory);
  }
  const workload = workloadHover(path, d, a, inventory);
  if (workload) return workload;

  let m = /^(.*(?:^|\.)nodeSelector)\[([^\]]+)\]$/.exec(path);
  if (m) {
    const k = m[2]!;
    const v = valueAt(root, path);
    const want = v === null || v === undefined ? '' : String(v);
    return matchTable(`nodeSelector ${code(`${k}=${want}`)}`, nodes, (n) => {
      const actual = Object.hasOwn(n.labels, k) ? n.labels[k] : undefined;
      if (actual === want) return { ok: true, why: '' };
      return { ok: false, why: actual === undefined ? `no label ${k}` : `${k}=${actual}` };
    }, maxNodes);
  }

  m = /^(.*(?:nodeSelectorTerms\[\d+\]|\.preference))\.(matchExpressions|matchFields)\[(\d+)\]/.exec(path);
  if (m) {
    const req = valueAt(root, `${m[1]}.${m[2]}[${m[3]}]`);
    if (!req || typeof req !== 'object') return undefined;
    const kind = m[2] as 'matchExpressions' | 'matchFields';
    const term = newNodeSelectorTerm({ [kind]: [req] } as NodeSelectorTerm, 0, m[1]!);
    const r = req as { key?: unknown; operator?: unknown; values?: unknown };
    const title = `${code(`${String(r.key ?? '')} ${String(r.operator ?? '')}${Array.isArray(r.values) ? ` [${r.values.join(', ')}]` : ''}`)}`;
    if (term.parseErrors.length) return `${title} never matches: ${esc(term.parseErrors.map((e) => e.message).join('; '))}`;
    return matchTable(title, nodes, (n) => {
      if (termMatches(term, n)) return { ok: true, why: '' };
      const f = explainTerm(term, n)[0];
      return { ok: false, why: f ? f.message.replace(/^[^:]*: /, '') : 'does not match' };
    }, maxNodes);
  }

  m = /^(.*nodeSelectorTerms\[(\d+)\])(?:\.(?:matchExpressions|matchFields))?$/.exec(path);
  if (m) {
    const t = valueAt(root, m[1]!);
    if (!t || typeof t !== 'object') return undefined;
    const term = newNodeSelectorTerm(t as NodeSelectorTerm, Number(m[2]), m[1]!);
    const empty = !((t as NodeSelectorTerm).matchExpressions?.length || (t as NodeSelectorTerm).matchFields?.length);
    if (empty) return `term ${m[2]} is empty: it matches no node`;
    if (term.parseErrors.length) return `term ${m[2]} never matches: ${esc(term.parseErrors.map((e) => e.message).join('; '))}`;
    return matchTable(`term ${m[2]}`, nodes, (n) => {
      if (termMatches(term, n)) return { ok: true, why: '' };
      return { ok: false, why: explainTerm(term, n).map((f) => f.message).join('; ') };
    }, maxNodes);
  }

  m = /^(.*\.tolerations\[(\d+)\])(?:\..*)?$/.exec(path);
  if (m && !/\.tolerations\[\d+\]\.(tolerationSeconds)$/.test(path)) {
    const tol = valueAt(root, m[1]!);
    if (!tol || typeof tol !== 'object') return undefined;
    const t = tol as Toleration;
    const enable = gates.TaintTolerationComparisonOperators;
    const hits = nodes.map((n) => ({ n, taints: n.taints.filter((x) => toleratesTaint(t, x, enable)) })).filter((x) => x.taints.length > 0);
    const head = `toleration ${code(describeToleration(t))} tolerates taints on **${hits.length} of ${nodes.length}** nodes`;
    if (hits.length === 0) return `${head}: it matches no taint in the inventory`;
    const shown = hits.slice(0, maxNodes);
    const rows = shown.map((x) => `| ${esc(x.n.name)} | ${esc(x.taints.map(taintToString).join(', '))} |`);
    return `${head}\n\n| node | taints tolerated |\n|---|---|\n${rows.join('\n')}${more(hits.length - shown.length)}`;
  }

  return fieldDoc(lastField(path));
}

export function hoverAt(a: Analyzed, offset: number, session: Session): Hover | null {
  const cur = cursorAt(session.yaml(a), offset);
  if (!cur) return null;
  // Only objects of known kinds, through their decoded value: raw YAML may hold any shape.
  const root = typedValue(cur.doc);
  if (root === undefined) return null;
  const d = findAnalysis(a.analysis.documents, cur.doc.index, cur.doc.item);
  // The inventory in use and why it is not the requested one: `sample cluster (cluster test unreachable), 14 nodes`.
  const inv = `${session.inventory.label ?? session.inventory.source}, ${session.inventory.count} nodes`;
  const md = hoverMarkdown(cur.path, root, d, a, inv);
  if (!md) return null;
  const h: Hover = { contents: { kind: session.support.markdownHover ? MarkupKind.Markdown : MarkupKind.PlainText, value: md } };
  if (cur.range) h.range = toRange(a.doc, cur.range);
  return h;
}
