// The Get Started walkthrough's step pages (markdown media), written from the inventory the workspace actually uses:
// which nodes, how many, which taints and labels a DaemonSet meets there. Pure: getStartedMedia.ts writes the files.
// Without an inventory (before the server answered, or in the package as shipped) the text names no number.
import type { InventoryResult, NodeDto } from '../../../server/src/protocol';
import { describeInventory, nodes as nodeCount } from '../inventory/status';

/** The step pages that depend on the inventory (package.json `walkthroughs` points at these files). */
export const GET_STARTED_FILES = ['open-sample.md', 'hover.md', 'simulate.md'] as const;
export type GetStartedFile = (typeof GET_STARTED_FILES)[number];

/** A markdown code span that holds any text: a fence longer than its longest run of backticks, one line. */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** `a, b, c and 4 more`, each as a code span. */
function someOf(names: readonly string[], max = 3): string {
  const shown = names.slice(0, max).map(codeSpan).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

function taintText(t: { key: string; value?: string; effect: string }): string {
  return `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;
}

/** Values of one label over the nodes, most frequent first: `linux on 13 nodes, windows on 1`. */
function labelSpread(list: readonly NodeDto[], key: string): string | undefined {
  const m = new Map<string, number>();
  for (const n of list) {
    const v = n.labels[key];
    if (v !== undefined) m.set(v, (m.get(v) ?? 0) + 1);
  }
  if (!m.size) return undefined;
  const parts = [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = parts.slice(0, 4).map(([v, c], i) => `${codeSpan(v)} on ${i === 0 ? nodeCount(c) : c}`);
  return `${shown.join(', ')}${parts.length > 4 ? `, and ${parts.length - 4} more values` : ''}`;
}

/** What a DaemonSet meets on these nodes: taints to tolerate, labels to select on, nodes not ready or cordoned. */
export function inventoryFacts(list: readonly NodeDto[]): string[] {
  const byTaint = new Map<string, string[]>();
  for (const n of list) for (const t of n.taints) byTaint.set(taintText(t), [...(byTaint.get(taintText(t)) ?? []), n.name]);
  const taints = [...byTaint.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const facts: string[] = [];
  if (taints.length) {
    const shown = taints.slice(0, 4).map(([t, on]) => `${codeSpan(t)} on ${someOf(on)}`);
    const more = taints.length > 4 ? `; and ${taints.length - 4} more taints` : '';
    facts.push(`**Taints** (the hover says which ones your DaemonSet tolerates): ${shown.join('; ')}${more}.`);
  } else {
    facts.push('**Taints**: none, so no node needs a toleration.');
  }
  for (const [key, what] of [['kubernetes.io/os', 'Operating systems'], ['kubernetes.io/arch', 'Architectures'], ['topology.kubernetes.io/zone', 'Zones']] as const) {
    const spread = labelSpread(list, key);
    if (spread) facts.push(`**${what}** (${codeSpan(key)}): ${spread}.`);
  }
  const notReady = list.filter((n) => n.conditions.some((c) => c.type === 'Ready' && c.status !== 'True')).map((n) => n.name);
  if (notReady.length) facts.push(`**Not ready**: ${someOf(notReady)}.`);
  const cordoned = list.filter((n) => n.unschedulable).map((n) => n.name);
  if (cordoned.length) facts.push(`**Cordoned**: ${someOf(cordoned)}.`);
  return facts;
}

/** The inventory's name, and what failed when the server fell back to it. */
function inventoryName(inv: InventoryResult): { name: string; why: string } {
  const v = describeInventory(inv);
  const why = v.requested ? ` (${codeSpan(v.requested)} could not be used${v.summary ? `: ${v.summary}` : ''})` : '';
  return { name: inv.inUse?.source === 'sample' || (!inv.inUse && inv.source === 'sample') ? 'the sample cluster' : codeSpan(v.inUse), why };
}

/** The three step pages, from the workspace's inventory, or inventory-neutral without one. */
export function getStartedMedia(inv?: InventoryResult): Record<GetStartedFile, string> {
  const known = !!inv && inv.source !== 'none';
  const { name, why } = known ? inventoryName(inv) : { name: '', why: '' };
  const n = known ? nodeCount(inv.count) : '';
  // `nodes.yaml, 37 nodes`, with the fallback's reason.
  const where = `${name}, ${n}${why}`;
  const facts = known ? inventoryFacts(inv.nodes) : [];

  const openSample = [
    '# Open a DaemonSet',
    '',
    'Open any YAML file with `kind: DaemonSet`. Errors appear where kube-apiserver would reject the object, with the same field path and message, and warnings where the object is valid but can never do what it says.',
    '',
    'No DaemonSet at hand? [Open Sample DaemonSet](command:kce.walkthrough.openSample): an untitled file, nothing is written to disk.',
    '',
    known
      ? `Placement is previewed on this workspace's inventory: ${where}. The status bar names it; click it to retry a source that failed or to select another one (a nodes file, a kubeconfig context, or the embedded sample cluster).`
      : 'Placement is previewed on the inventory in use, which the status bar names with its node count; click it to retry a source that failed or to select another one. Without a cluster or a nodes file, it is the embedded sample cluster.',
    '',
    'Above the DaemonSet a code lens says on how many of those nodes it runs, and how many it skips.',
  ];

  const hover = [
    '# Hover the DaemonSet',
    '',
    known
      ? `Hover \`kind: DaemonSet\` for a table of the ${n} of ${name}${why}: ✓ where the controller would run a pod, ✗ with the reason where it would not (which label, which term, which taint).`
      : 'Hover `kind: DaemonSet` for a table of the nodes of the inventory in use: ✓ where the controller would run a pod, ✗ with the reason where it would not (which label, which term, which taint).',
    '',
    ...(known ? ['What a DaemonSet meets on these nodes:', '', ...facts.map((f) => `- ${f}`), ''] : []),
    'Hover a `nodeSelector` entry, a `matchExpressions` requirement or a toleration to see which nodes that one field lets in. The table shows up to `kce.hover.maxNodes` rows (20 unless set).',
    '',
    'Under the table, **Why? (note)** links each reason to a walkthrough note that explains the Go function that decided it. Squiggles link to their note too: click the code of the problem in its hover.',
  ];

  const simulate = [
    '# Run a Simulation',
    '',
    known ? `On ${where}, from the command palette or the editor's context menu:` : "From the command palette or the editor's context menu:",
    '',
    `- **Simulate Placement**: a sortable, filterable table of ${known ? `the ${n}` : 'the nodes'}, with reasons.`,
    '- **Simulate Controller Sync**: which nodes get a pod, which pods go, in slow-start batches 1, 2, 4, …',
    '- **Simulate Rolling Update**: rounds under `maxSurge` / `maxUnavailable`.',
    '- **What If… (Node Event)**: add a node, taint, relabel or cordon one, and see the placement change.',
    '',
    '[Simulate Placement](command:kce.walkthrough.simulateOpenDaemonSet)',
  ];

  return { 'open-sample.md': `${openSample.join('\n')}\n`, 'hover.md': `${hover.join('\n')}\n`, 'simulate.md': `${simulate.join('\n')}\n` };
}
