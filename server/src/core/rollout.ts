// Rolling-update arithmetic and a round-by-round simulation of the DaemonSet controller's
// rollingUpdate (pkg/controller/daemon/update.go and daemon/util/daemonset_util.go).
import type { DaemonSet, IntOrString } from './types';
import { getScaledValueFromIntOrPercent } from './intstr';

const ROLLING_UPDATE = 'RollingUpdate';
const ON_DELETE = 'OnDelete';

export interface EffectiveRollingUpdate {
  maxSurge: number;
  maxUnavailable: number;
  /** One line per field saying where the number came from (`25% of 12 = 3 (rounded up)`). */
  detail: { maxSurge: string; maxUnavailable: string };
  /** Strategy after defaulting: RollingUpdate or OnDelete (anything else is passed through). */
  strategy: string;
  /** Set when a value cannot be scaled: upstream's rollingUpdate stops with this error. */
  error?: string;
}

/** Strategy type and rolling-update values as kube-apiserver stores them after SetDefaults_DaemonSet. */
function defaultedUpdateStrategy(ds: DaemonSet): {
  type: string;
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
  defaulted: { maxUnavailable: boolean; maxSurge: boolean };
} {
  const s = ds.spec?.updateStrategy;
  const type = s?.type ? s.type : ROLLING_UPDATE;
  if (type !== ROLLING_UPDATE) {
    return { type, maxUnavailable: s?.rollingUpdate?.maxUnavailable, maxSurge: s?.rollingUpdate?.maxSurge, defaulted: { maxUnavailable: false, maxSurge: false } };
  }
  const ru = s?.rollingUpdate ?? {};
  const muMissing = ru.maxUnavailable === undefined || ru.maxUnavailable === null;
  const msMissing = ru.maxSurge === undefined || ru.maxSurge === null;
  return {
    type,
    maxUnavailable: muMissing ? 1 : ru.maxUnavailable,
    maxSurge: msMissing ? 0 : ru.maxSurge,
    defaulted: { maxUnavailable: muMissing, maxSurge: msMissing },
  };
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

function explain(raw: IntOrString | undefined, value: number, total: number, defaulted: boolean): string {
  if (typeof raw === 'string') {
    const exact = (Number(raw.slice(0, -1)) * total) / 100;
    const how = Number.isInteger(exact) ? 'exact' : `${fmt(exact)} rounded up`;
    return `${raw} of ${total} = ${value} (${how})${defaulted ? ' (default)' : ''}`;
  }
  return `${value}${defaulted ? ' (default)' : ''}`;
}

// Port of SurgeCount (pkg/controller/daemon/util/daemonset_util.go).
export function surgeCount(ds: DaemonSet, numberToSchedule: number): { ok: true; value: number } | { ok: false; error: string } {
  const s = ds.spec?.updateStrategy;
  if ((s?.type || ROLLING_UPDATE) !== ROLLING_UPDATE) return { ok: true, value: 0 };
  const r = s?.rollingUpdate;
  if (!r) return { ok: true, value: 0 };
  // Unset surge means none, not an error.
  if (r.maxSurge === undefined || r.maxSurge === null) return { ok: true, value: 0 };
  const v = getScaledValueFromIntOrPercent(r.maxSurge, numberToSchedule, true);
  return v.ok ? { ok: true, value: v.value } : v;
}

// Port of UnavailableCount (pkg/controller/daemon/util/daemonset_util.go).
export function unavailableCount(ds: DaemonSet, numberToSchedule: number): { ok: true; value: number } | { ok: false; error: string } {
  const s = ds.spec?.updateStrategy;
  if ((s?.type || ROLLING_UPDATE) !== ROLLING_UPDATE) return { ok: true, value: 0 };
  const r = s?.rollingUpdate;
  if (!r) return { ok: true, value: 0 };
  // Unlike surge, an unset maxUnavailable reaches the scaler and fails there ("nil value").
  const v = getScaledValueFromIntOrPercent(r.maxUnavailable, numberToSchedule, true);
  return v.ok ? { ok: true, value: v.value } : v;
}

// Port of AllowsSurge (pkg/controller/daemon/util/daemonset_util.go).
export function allowsSurge(ds: DaemonSet): boolean {
  const v = surgeCount(ds, 1);
  return v.ok && v.value > 0;
}

// Port of DaemonSetsController.updatedDesiredNodeCounts (pkg/controller/daemon/update.go).
export function updatedDesiredNodeCounts(
  ds: DaemonSet,
  desiredNumberScheduled: number,
): { maxSurge: number; maxUnavailable: number; desiredNumberScheduled: number; fellBack: boolean } | { error: string } {
  const mu = unavailableCount(ds, desiredNumberScheduled);
  if (!mu.ok) return { error: `invalid value for MaxUnavailable: ${mu.error}` };
  const ms = surgeCount(ds, desiredNumberScheduled);
  if (!ms.ok) return { error: `invalid value for MaxSurge: ${ms.error}` };
  let maxUnavailable = mu.value;
  // Both zero would stall the update forever; the controller accepts one unavailable pod instead.
  const fellBack = desiredNumberScheduled > 0 && maxUnavailable === 0 && ms.value === 0;
  if (fellBack) maxUnavailable = 1;
  return { maxSurge: ms.value, maxUnavailable, desiredNumberScheduled, fellBack };
}

/**
 * maxSurge / maxUnavailable as the controller uses them for `desiredNumberScheduled` nodes, after
 * apiserver defaulting (RollingUpdate, maxUnavailable 1, maxSurge 0). Both round UP
 * (SurgeCount and UnavailableCount pass roundUp=true). OnDelete yields 0/0: no rolling update runs.
 */
export function effectiveRollingUpdate(ds: DaemonSet, desiredNumberScheduled: number): EffectiveRollingUpdate {
  const d = defaultedUpdateStrategy(ds);
  if (d.type !== ROLLING_UPDATE) {
    const why = d.type === ON_DELETE ? 'OnDelete: pods are replaced only when you delete them' : `strategy ${d.type}: no rolling update`;
    return { maxSurge: 0, maxUnavailable: 0, detail: { maxSurge: why, maxUnavailable: why }, strategy: d.type };
  }
  const defaulted: DaemonSet = {
    ...ds,
    spec: { ...ds.spec, updateStrategy: { type: d.type, rollingUpdate: { maxUnavailable: d.maxUnavailable, maxSurge: d.maxSurge } } },
  };
  const counts = updatedDesiredNodeCounts(defaulted, desiredNumberScheduled);
  if ('error' in counts) {
    return {
      maxSurge: 0,
      maxUnavailable: 0,
      detail: { maxSurge: counts.error, maxUnavailable: counts.error },
      strategy: d.type,
      error: counts.error,
    };
  }
  let muDetail = explain(d.maxUnavailable, counts.fellBack ? 0 : counts.maxUnavailable, desiredNumberScheduled, d.defaulted.maxUnavailable);
  if (counts.fellBack) muDetail += ' → 1 (maxSurge and maxUnavailable are both 0: the controller accepts 1 unavailable pod)';
  return {
    maxSurge: counts.maxSurge,
    maxUnavailable: counts.maxUnavailable,
    detail: {
      maxSurge: explain(d.maxSurge, counts.maxSurge, desiredNumberScheduled, d.defaulted.maxSurge),
      maxUnavailable: muDetail,
    },
    strategy: d.type,
  };
}

export interface RolloutRound {
  /** Nodes that get a pod of the new template in this round. */
  create: string[];
  /** Nodes whose pod of the old template is deleted in this round. */
  delete: string[];
  /** What the controller does in this round and why. */
  note: string;
}

export interface RolloutInput {
  /** Nodes that should run the pod; each starts with one available pod of the old template. */
  nodes: string[];
  maxSurge: number;
  maxUnavailable: number;
  /** RollingUpdate (default) or OnDelete. */
  strategy?: string;
  /**
   * Nodes that keep an old pod but no longer should run one (shouldRun false, shouldContinueRunning
   * true, e.g. a new NoSchedule taint): the update removes their pod without a replacement.
   */
  sunsetNodes?: string[];
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Port of DaemonSetsController.rollingUpdate (pkg/controller/daemon/update.go), iterated until done.
export function simulateRollout(input: RolloutInput): { rounds: RolloutRound[] } {
  if ((input.strategy || ROLLING_UPDATE) !== ROLLING_UPDATE) return { rounds: [] };
  // Upstream walks a Go map (random order); sorting by node name keeps the preview stable.
  const nodes = [...new Set(input.nodes)].sort(byName);
  const desired = new Set(nodes);
  const sunset = [...new Set(input.sunsetNodes ?? [])].filter((n) => !desired.has(n)).sort(byName);
  const maxSurge = Math.max(0, Math.trunc(input.maxSurge));
  let maxUnavailable = Math.max(0, Math.trunc(input.maxUnavailable));
  // Same fallback as updatedDesiredNodeCounts.
  if (nodes.length > 0 && maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  const rounds: RolloutRound[] = [];

  if (maxSurge === 0) {
    // Not surging: every node with an available old pod is a candidate; up to maxUnavailable of
    // them lose their pod, and the manage loop recreates it (only where the pod should run).
    // New pods are ready by the next round, so none of them counts as unavailable.
    const old = [...nodes, ...sunset].sort(byName);
    while (old.length > 0) {
      const batch = old.splice(0, maxUnavailable);
      const create = batch.filter((n) => desired.has(n));
      const gone = batch.length - create.length;
      rounds.push({
        delete: batch,
        create,
        note:
          `delete ${batch.length} old pod(s) (maxUnavailable ${maxUnavailable}), then the manage loop creates ${create.length} new pod(s) on the same node(s)` +
          (gone ? `; ${gone} node(s) no longer run the pod, so they get none` : '') +
          `; ${old.length} old pod(s) left`,
      });
    }
    return { rounds };
  }

  // Surging: a new pod starts beside the old one on up to maxSurge nodes; once it is available the
  // old pod on that node goes and the freed surge moves on. Old pods on nodes that should no longer
  // run the pod go as soon as enough pods are available elsewhere (numAvailable - desired).
  const pendingOld = [...nodes];
  let surged: string[] = [];
  let pendingSunset = [...sunset];
  while (pendingOld.length > 0 || surged.length > 0 || pendingSunset.length > 0) {
    // Every desired node holds an available pod at the start of a round, so the excess is exactly
    // the sunset pods still running.
    const sunsetNow = pendingSunset;
    pendingSunset = [];
    const del = [...surged, ...sunsetNow].sort(byName); // last round's new pods are ready now
    const create = pendingOld.splice(0, maxSurge);
    surged = create;
    const parts: string[] = [];
    if (create.length) parts.push(`surge ${create.length} new pod(s) beside the old ones (maxSurge ${maxSurge})`);
    if (del.length - sunsetNow.length) parts.push(`delete ${del.length - sunsetNow.length} old pod(s) whose new pod is available`);
    if (sunsetNow.length) parts.push(`delete ${sunsetNow.length} old pod(s) on nodes that no longer should run it`);
    rounds.push({ create, delete: del, note: parts.join('; ') });
  }
  return { rounds };
}
