// Pure text rendering of the simulations, shown in a read-only document (language `kce-report`)
// for copy/paste and diffing. syntaxes/kce-report.tmLanguage.json highlights this format.
import type { PlanResult, RolloutResult, SimulatePlacementResult } from '../../../server/src/protocol';
import { outcomeOf } from './placement';
import { batchNodes, roundNumber } from './plan';

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

export function placementReport(r: SimulatePlacementResult): string {
  const name = `${r.namespace ? `${r.namespace}/` : ''}${r.name ?? '(unnamed)'}`;
  const inv = r.inventory;
  const out = [
    `# Placement · DaemonSet ${name}`,
    `inventory: ${inv.source}${inv.detail ? ` (${inv.detail})` : ''} · ${inv.count} nodes${inv.error ? ` · warning: ${inv.error}` : ''}`,
    `runs on ${r.summary.shouldRun} of ${r.summary.nodes} nodes${r.summary.pending ? ` · ${r.summary.pending} Pending` : ''} · ${r.summary.nodes - r.summary.shouldRun} skipped · ${r.summary.shouldContinueRunning} keep running`,
    '',
  ];
  const w = Math.min(40, Math.max(4, ...r.nodes.map((x) => x.name.length)));
  for (const row of r.nodes) {
    const o = outcomeOf(row);
    const mark = row.shouldRun ? '✓' : '✗';
    const head = `  ${mark} ${pad(row.name, w)}  ${pad(o === 'keeps' ? 'keeps-running' : o, 13)}`;
    if (row.reasons.length === 0) out.push(head.trimEnd());
    row.reasons.forEach((x, i) => {
      const prefix = i === 0 ? head : ' '.repeat(head.length);
      out.push(`${prefix}  ${x.code}  ${x.field}  ${x.message}${x.evicts ? '  (evicts)' : ''}`);
    });
    // The scheduler's Filter stage for the daemon pod (ds): why it would stay Pending after creation.
    for (const x of row.scheduler?.feasible === false ? row.scheduler.reasons : []) {
      out.push(`      then Pending  ${x.plugin}  ${x.field}  ${x.message}${x.detail ? ` (${x.detail})` : ''}`);
    }
  }
  if (r.summary.pending !== undefined) out.push('', "  note: Pending is the scheduler's Filter stage only (no scoring, no preemption)");
  return out.join('\n') + '\n';
}

export function planReport(p: PlanResult, title: string): string {
  const out = [`# Controller sync plan · DaemonSet ${title}`, `create: ${p.nodesNeedingDaemonPods.length} · delete: ${p.podsToDelete.length} · batches: ${p.batches.join(', ') || 'none'}`, ''];
  batchNodes(p).forEach((nodes, i) => out.push(`  batch ${i + 1} (${nodes.length}): ${nodes.join(', ')}`));
  for (const d of p.podsToDelete) out.push(`  delete ${d.pod} on ${d.node}: ${d.reason}`);
  for (const n of p.notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}

export function rolloutReport(r: RolloutResult, title: string): string {
  const out = [`# Rolling update · DaemonSet ${title}`, `maxSurge: ${r.maxSurge} · maxUnavailable: ${r.maxUnavailable} · rounds: ${r.rounds.length}`, ''];
  // Rounds from 1, by position, as in the rollout view, its notes and the CLI.
  for (const [i, x] of r.rounds.entries()) {
    out.push(`  round ${roundNumber(i)}: surge [${x.surge.join(', ')}] deleted [${x.delete.join(', ')}] created [${x.create.join(', ')}] unavailable ${x.unavailable}`);
  }
  for (const n of r.notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}

/** The whole report of one DaemonSet: placement, then the plan and the rollout when the server answered them. */
export function fullReport(placement: SimulatePlacementResult, plan: PlanResult | null, rollout: RolloutResult | null): string {
  const title = `${placement.namespace ? `${placement.namespace}/` : ''}${placement.name ?? '(unnamed)'}`;
  const parts = [placementReport(placement)];
  if (plan) parts.push(planReport(plan, title));
  if (rollout) parts.push(rolloutReport(rollout, title));
  return parts.join('\n');
}
