// Where the DaemonSet controller would run a daemon pod, node by node, and why not.
// Booleans follow NodeShouldRunDaemonPod exactly; reasons list every failing check.
import type { DaemonSet, NodeInfo, NodePlacement, PlacementReason, Taint, Toleration } from './types';
import type { FeatureGates } from './k8sVersion';
import { child, type FieldPath } from './fieldPath';
import { newPod } from './daemonPod';
import { getRequiredNodeAffinity, POD_SPEC_PATH, type RequiredNodeAffinity } from './nodeAffinity';
import { explainUntolerated, taintToString, tolerationsTolerateTaint } from './taints';
import { labelValue } from './labels';
import { placementMessage } from '../codes/placement';

export const FIELD_NODE_NAME: FieldPath = child(POD_SPEC_PATH, 'nodeName');
export const FIELD_TOLERATIONS: FieldPath = child(POD_SPEC_PATH, 'tolerations');

export interface CompiledPlacement {
  /** Tolerations of the daemon pod: the template's, then the automatic ones (NewPod). */
  readonly tolerations: readonly Toleration[];
  readonly affinity: RequiredNodeAffinity;
  evaluate(node: NodeInfo): NodePlacement;
  /** The two booleans of evaluate() without reasons, for counting: bit 1 shouldRun, bit 0 shouldContinueRunning. */
  classify(node: NodeInfo): number;
}

export interface PlacementSummary {
  nodes: NodePlacement[];
  shouldRun: number;
  shouldContinueRunning: number;
}

/** Outcome of the taint predicate: what upstream computes, without building reasons. */
const enum TaintFit {
  Fits = 0,
  NoScheduleOnly = 1, // untolerated taints, none of them NoExecute: a running pod stays
  NoExecute = 2, // an untolerated NoExecute taint: a running pod is evicted
}

// Port of predicates and NodeShouldRunDaemonPod (pkg/controller/daemon/daemon_controller.go), compiled once per DaemonSet.
export function compilePlacement(ds: DaemonSet, gates: FeatureGates): CompiledPlacement {
  const enableCmp = gates.TaintTolerationComparisonOperators === true;
  const templateNodeName = ds.spec?.template?.spec?.nodeName ?? '';
  // NewPod sets nodeName to the node being checked, so only the tolerations and affinity it adds matter here.
  const pod = newPod(ds, '');
  const tolerations: readonly Toleration[] = pod.spec?.tolerations ?? [];
  const userTolerationCount = ds.spec?.template?.spec?.tolerations?.length ?? 0;
  const affinity = getRequiredNodeAffinity(ds.spec?.template?.spec, POD_SPEC_PATH);
  const labelSelector = affinity.labelSelector;
  const requiredTerms = affinity.nodeSelector;

  function taintFit(taints: readonly Taint[]): TaintFit {
    let fit = TaintFit.Fits;
    for (let i = 0; i < taints.length; i++) {
      const t = taints[i] as Taint;
      if (t.effect !== 'NoSchedule' && t.effect !== 'NoExecute') continue;
      if (tolerationsTolerateTaint(tolerations, t, enableCmp)) continue;
      if (t.effect === 'NoExecute') return TaintFit.NoExecute;
      fit = TaintFit.NoScheduleOnly;
    }
    return fit;
  }

  // Reasons depend only on a few node values, and many nodes fail alike: explain each distinct
  // failure once and share the (frozen) reason objects. Keyed by the values the check reads.
  const selectorCache = new ReasonCache();
  const affinityCache = new ReasonCache();
  const taintCache = new ReasonCache();
  const affinityInputs = affinity.affinityInputs();

  function selectorReasons(node: NodeInfo): readonly PlacementReason[] {
    const sig = signature(node, affinity.nodeSelectorKeys, false);
    return selectorCache.get(sig, () =>
      affinity.explainNodeSelector(node).map((m) => ({ code: 'NodeSelectorMismatch' as const, message: placementMessage.nodeSelector(m.message), field: m.path, evicts: true })),
    );
  }

  function affinityReasons(node: NodeInfo): readonly PlacementReason[] {
    const sig = signature(node, affinityInputs.labelKeys, affinityInputs.readsName);
    return affinityCache.get(sig, () =>
      affinity.explainAffinity(node).map((m) => ({ code: 'NodeAffinityMismatch' as const, message: placementMessage.nodeAffinity(m.message), field: m.path, evicts: true })),
    );
  }

  function taintReason(t: Taint): PlacementReason {
    const sig = `${t.key}\u0000${t.value ?? ''}\u0000${t.effect}`;
    return taintCache.get(sig, () => {
      const why = explainUntolerated(t, tolerations, enableCmp, userTolerationCount);
      const evicts = t.effect === 'NoExecute';
      return [
        {
          code: 'TaintNotTolerated' as const,
          message: placementMessage.taint(taintToString(t), why, evicts),
          field: FIELD_TOLERATIONS,
          taint: Object.freeze({ ...t }),
          evicts,
        },
      ];
    })[0] as PlacementReason;
  }

  function reasonsFor(node: NodeInfo, nameOk: boolean, selectorOk: boolean, termsOk: boolean, fit: TaintFit): PlacementReason[] {
    const reasons: PlacementReason[] = [];
    if (!nameOk) {
      reasons.push({
        code: 'NodeNameMismatch',
        message: placementMessage.nodeName(templateNodeName, node.name),
        field: FIELD_NODE_NAME,
        evicts: true,
      });
    }
    if (!selectorOk) for (const r of selectorReasons(node)) reasons.push(r);
    if (!termsOk) for (const r of affinityReasons(node)) reasons.push(r);
    if (fit !== TaintFit.Fits) {
      for (const t of node.taints) {
        if (t.effect !== 'NoSchedule' && t.effect !== 'NoExecute') continue;
        if (tolerationsTolerateTaint(tolerations, t, enableCmp)) continue;
        reasons.push(taintReason(t));
      }
    }
    return reasons;
  }

  function evaluate(node: NodeInfo): NodePlacement {
    const nameOk = templateNodeName === '' || templateNodeName === node.name;
    // GetRequiredNodeAffinity(pod).Match: nodeSelector AND required terms. Both are evaluated here so that
    // reasons can name each; parse errors in terms are ignored, as upstream ignores them for compatibility.
    const selectorOk = labelSelector === undefined || labelSelector.matches(node.labels);
    const termsOk = requiredTerms === undefined || requiredTerms.matches(node);
    const fit = taintFit(node.taints);
    let shouldRun: boolean;
    let shouldContinueRunning: boolean;
    if (!nameOk || !selectorOk || !termsOk) {
      shouldRun = false;
      shouldContinueRunning = false;
    } else if (fit !== TaintFit.Fits) {
      shouldRun = false;
      shouldContinueRunning = fit !== TaintFit.NoExecute;
    } else {
      return { node: node.name, shouldRun: true, shouldContinueRunning: true, reasons: [] };
    }
    return { node: node.name, shouldRun, shouldContinueRunning, reasons: reasonsFor(node, nameOk, selectorOk, termsOk, fit) };
  }

  function classify(node: NodeInfo): number {
    if ((templateNodeName !== '' && templateNodeName !== node.name) || !affinity.matches(node)) return 0;
    const fit = taintFit(node.taints);
    return fit === TaintFit.Fits ? 3 : fit === TaintFit.NoExecute ? 0 : 1;
  }

  return { tolerations, affinity, evaluate, classify };
}

/** The values a check reads from a node, as one string: the name (when read), then each label or its absence. */
function signature(node: NodeInfo, keys: readonly string[], withName: boolean): string {
  let s = withName ? node.name : '';
  for (let i = 0; i < keys.length; i++) {
    const v = labelValue(node.labels, keys[i] as string);
    s += v === undefined ? '\u0001' : `\u0000${v}`;
  }
  return s;
}

/** A bounded memo of frozen reason lists; cleared when full so that unique-per-node failures cannot grow it without end. */
class ReasonCache {
  private readonly map = new Map<string, readonly PlacementReason[]>();
  get(sig: string, make: () => PlacementReason[]): readonly PlacementReason[] {
    let r = this.map.get(sig);
    if (r === undefined) {
      r = Object.freeze(make().map((x) => Object.freeze(x)));
      if (this.map.size >= 4096) this.map.clear();
      this.map.set(sig, r);
    }
    return r;
  }
}

/** NodeShouldRunDaemonPod for every node, with totals. Reason objects may be shared between nodes: treat them as read-only. */
export function placeDaemonSet(ds: DaemonSet, nodes: readonly NodeInfo[], gates: FeatureGates): PlacementSummary {
  const compiled = compilePlacement(ds, gates);
  const out: NodePlacement[] = new Array(nodes.length);
  let shouldRun = 0;
  let shouldContinueRunning = 0;
  for (let i = 0; i < nodes.length; i++) {
    const p = compiled.evaluate(nodes[i] as NodeInfo);
    out[i] = p;
    if (p.shouldRun) shouldRun++;
    if (p.shouldContinueRunning) shouldContinueRunning++;
  }
  return { nodes: out, shouldRun, shouldContinueRunning };
}

/** One-off check of a single node (compiles each call; use compilePlacement for many nodes). */
export function nodeShouldRunDaemonPod(node: NodeInfo, ds: DaemonSet, gates: FeatureGates): NodePlacement {
  return compilePlacement(ds, gates).evaluate(node);
}
