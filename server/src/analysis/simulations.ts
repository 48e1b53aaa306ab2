// The controller simulations one DaemonSet gets, shared by the CLI and the language server so that
// both answer the same: its sync plan over the nodes and existing pods, and its rolling-update rounds.
import type { DaemonSet, NodeInfo, NodePlacement, Pod } from '../core/types';
import type { FeatureGates } from '../core/k8sVersion';
import { compileLabelSelector } from '../core/labels';
import { placeDaemonSet } from '../core/placement';
import { planSync, podBelongsTo, type SyncPlan } from '../core/plan';
import { effectiveRollingUpdate, simulateRollout, type EffectiveRollingUpdate, type RolloutRound } from '../core/rollout';

/** The pods among `pods` that this DaemonSet owns (controller reference and selector, as ClaimObject decides). */
export function podsOf(ds: DaemonSet, pods: readonly Pod[]): Pod[] {
  const selector = compileLabelSelector(ds.spec?.selector);
  return pods.filter((p) => podBelongsTo(ds, p, (l) => selector.matches(l)));
}

export interface PlanSimulation {
  placements: NodePlacement[];
  pods: Pod[];
  sync: SyncPlan;
}

/** The controller's next sync: placement evaluated once, pods filtered to the DaemonSet's own. */
export function simulatePlan(ds: DaemonSet, nodes: NodeInfo[], gates: FeatureGates, opts: { pods?: readonly Pod[]; burstReplicas?: number } = {}): PlanSimulation {
  const placements = placeDaemonSet(ds, nodes, gates).nodes;
  const byNode = new Map(placements.map((p) => [p.node, p]));
  const pods = podsOf(ds, opts.pods ?? []);
  const sync = planSync({
    nodes,
    pods,
    ds,
    shouldRunOn: (n) => byNode.get(n.name) ?? { shouldRun: false, shouldContinueRunning: false },
    ...(opts.burstReplicas !== undefined ? { burstReplicas: opts.burstReplicas } : {}),
  });
  return { placements, pods, sync };
}

export interface RolloutSimulation {
  /** Nodes that should run the pod: desiredNumberScheduled is their count. */
  nodes: string[];
  effective: EffectiveRollingUpdate;
  rounds: RolloutRound[];
}

/**
 * Rolling-update rounds when every node that should run the pod starts with an available old pod;
 * nodes that only keep a running pod (NoSchedule taints) keep their old one. Overrides replace the
 * strategy's maxSurge / maxUnavailable.
 */
export function simulateRolloutOf(
  ds: DaemonSet,
  placements: readonly NodePlacement[],
  overrides: { maxSurge?: number | string; maxUnavailable?: number | string } = {},
): RolloutSimulation {
  const running = placements.filter((p) => p.shouldRun).map((p) => p.node);
  const sunset = placements.filter((p) => !p.shouldRun && p.shouldContinueRunning).map((p) => p.node);
  let target = ds;
  if (overrides.maxSurge !== undefined || overrides.maxUnavailable !== undefined) {
    const ru = { ...ds.spec?.updateStrategy?.rollingUpdate };
    if (overrides.maxSurge !== undefined) ru.maxSurge = overrides.maxSurge;
    if (overrides.maxUnavailable !== undefined) ru.maxUnavailable = overrides.maxUnavailable;
    target = { ...ds, spec: { ...ds.spec, updateStrategy: { ...ds.spec?.updateStrategy, rollingUpdate: ru } } };
  }
  const effective = effectiveRollingUpdate(target, running.length);
  if (effective.error) return { nodes: running, effective, rounds: [] };
  const { rounds } = simulateRollout({ nodes: running, maxSurge: effective.maxSurge, maxUnavailable: effective.maxUnavailable, strategy: effective.strategy, sunsetNodes: sunset });
  return { nodes: running, effective, rounds };
}
