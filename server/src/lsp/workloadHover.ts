// Hover on `kind:` of a workload with a pod template: on how many nodes its pod passes the scheduler's Filter stage,
// then a node table (nodes that reject it first) with each reason, the Go function returning it and its note.
import type { DocumentAnalysis } from '../analysis/types';
import { FILTER_STAGE_ONLY, workloadPreview, type WorkloadNodeVerdict, type WorkloadPreview } from '../analysis/workloads';
import { reasonText } from '../analysis/scheduling';
import type { Analyzed } from './session';
import { code, esc, goLinkOf, reasonCode, whyLinks } from './hover';

/** `kind`, or `items[3].kind` in a `kind: List`. */
const KIND_PATH = /^(?:items\[\d+\]\.)?kind$/;

// Each reason string links the Go function that returns it, as the DaemonSet hover's Pending rows do.
function cell(v: WorkloadNodeVerdict): string {
  const reasons = v.reasons.map((r) => esc(`${r.plugin}: ${reasonText(v, r)}`) + goLinkOf(r));
  if (v.allocatableUnknown) reasons.push(esc('allocatable unknown: resources not checked'));
  return reasons.join('; ');
}

/** Counts, the Filter-stage caveat, then a ✓/✗ table capped at maxNodes rows. */
export function workloadMarkdown(d: DocumentAnalysis, p: WorkloadPreview, maxNodes: number, inventory: string): string {
  const { nodes, feasible } = p.summary;
  const lines = [
    `**${esc(p.kind)} ${d.name ? code(d.name) : ''}**: its pod fits on **${feasible} of ${nodes}** node` +
      `${nodes === 1 ? '' : 's'} _(${esc(inventory)})_`,
    `_${esc(FILTER_STAGE_ONLY.charAt(0).toUpperCase() + FILTER_STAGE_ONLY.slice(1))}._`,
    ...p.notes.map((n) => `⚠ ${esc(n)}`),
  ];
  const ordered = [...p.nodes.filter((v) => !v.feasible), ...p.nodes.filter((v) => v.feasible)];
  const shown = ordered.slice(0, maxNodes);
  if (shown.length) {
    const rows = shown.map((v) => `| ${v.feasible ? '✓' : '✗'} | ${esc(v.name)} | ${cell(v)} |`);
    lines.push(`| | node | scheduler filter |\n|:-:|---|---|\n${rows.join('\n')}`);
  }
  if (ordered.length > shown.length) lines.push(`_and ${ordered.length - shown.length} more_`);
  const why = whyLinks(shown.flatMap((v) => v.reasons.map(reasonCode)));
  if (why) lines.push(why);
  return lines.join('\n\n');
}

/** The hover of a workload document at `path`, or undefined when this is not its `kind`. */
export function workloadHover(path: string, d: DocumentAnalysis | undefined, a: Analyzed, inventory: string): string | undefined {
  if (!d?.workload || !KIND_PATH.test(path) || !a.analysis.context) return undefined;
  const p = workloadPreview(d, a.analysis.context);
  return p ? workloadMarkdown(d, p, a.settings.hover.maxNodes, inventory) : undefined;
}
