// What kube-apiserver accepts but can never do what it says: pod templates whose scheduling fields
// select nothing, tolerate nothing, or are ignored by the DaemonSet controller. Stable `kce.*` codes.
import type { FeatureGates } from './k8sVersion';
import type { InsightCode } from '../codes/index';
import type { Insight, NodeInfo, PodSpec, Taint, Toleration } from './types';
import { child, index, key, type FieldPath } from './fieldPath';
import { getRequiredNodeAffinity, newNodeSelectorTerm, termMatches } from './nodeAffinity';
import { labelValue, parseInt64 } from './labels';
import { taintToString, toleratesTaint } from './taints';

export interface InsightOptions {
  /** Path of the pod spec in the object (`spec.template.spec` for workloads, `spec` for a Pod). */
  specPath: FieldPath;
  isDaemonSet: boolean;
  nodes: readonly NodeInfo[];
  /** Name of the inventory for messages ("the sample cluster", "nodes.yaml"). */
  inventoryLabel: string;
  gates: FeatureGates;
  /** False: only insights that hold on any cluster (no "matches no node of the inventory"). Default true. */
  inventoryDependent?: boolean;
}

// What an `operator: Exists` toleration without a key lets through depends on its effect: only an empty effect or
// NoSchedule opens tainted control-plane and dedicated nodes; only an empty effect or NoExecute stops evictions.
function blanketTolerationMessage(effect: string): string {
  const noEviction = 'no NoExecute taint evicts the pod (not even not-ready or unreachable on a failing node)';
  switch (effect) {
    case '':
      return `tolerates every taint: the pod also runs on control-plane and dedicated nodes, and ${noEviction}`;
    case 'NoExecute':
      return `tolerates every taint with effect NoExecute: ${noEviction}`;
    case 'NoSchedule':
      return 'tolerates every taint with effect NoSchedule: the pod also runs on control-plane and dedicated nodes';
    default:
      return `tolerates every taint with effect ${effect}`;
  }
}

// Taints the node lifecycle controller adds and removes by itself: tolerating them is normal even when no node has them now.
const CONDITION_TAINT_PREFIX = 'node.kubernetes.io/';
const MASTER_TAINT = 'node-role.kubernetes.io/master';
const CONTROL_PLANE_TAINT = 'node-role.kubernetes.io/control-plane';

function warn(code: InsightCode, field: FieldPath, message: string): Insight {
  return { code, severity: 'warning', field, message, note: code };
}

function info(code: InsightCode, field: FieldPath, message: string): Insight {
  return { code, severity: 'information', field, message, note: code };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const SEEN_LIMIT = 5;

/** Values of a label across the inventory, for "values seen" hints. */
function valuesSeen(nodes: readonly NodeInfo[], labelKey: string, limit = SEEN_LIMIT): string[] {
  const seen = new Set<string>();
  for (const n of nodes) {
    const v = labelValue(n.labels, labelKey);
    if (v !== undefined) seen.add(v);
    if (seen.size > limit) break;
  }
  return seenHint(seen, limit);
}

/** The values a "values seen" hint names: of the first distinct ones met (one more than shown), the lowest. */
function seenHint(first: Iterable<string>, limit = SEEN_LIMIT): string[] {
  return [...first].sort().slice(0, limit);
}

interface KeyValues { all: Set<string>; first: string[] }

/**
 * For each of many selector keys, the values the nodes hold (all of them, and the first distinct ones in node
 * order, as valuesSeen takes them): one pass over the nodes' labels, so that a selector of 50,000 keys costs
 * the labels of the inventory, not keys × nodes (9 s over 5,000 nodes).
 */
function labelValuesByKey(nodes: readonly NodeInfo[], keys: readonly string[]): Map<string, KeyValues> {
  const out = new Map<string, KeyValues>(keys.map((k) => [k, { all: new Set(), first: [] }]));
  for (const n of nodes) {
    for (const k of Object.keys(n.labels ?? {})) {
      const entry = out.get(k);
      const v = entry && labelValue(n.labels, k);
      if (v === undefined || entry!.all.has(v)) continue;
      entry!.all.add(v);
      if (entry!.first.length <= SEEN_LIMIT) entry!.first.push(v);
    }
  }
  return out;
}

/** Selectors with more keys than this index the inventory's labels once instead of scanning the nodes per key. */
const INDEXED_SELECTOR_KEYS = 16;

function nodeAffinityInsights(spec: PodSpec, opts: InsightOptions): Insight[] {
  const out: Insight[] = [];
  const affinityPath = child(opts.specPath, 'affinity', 'nodeAffinity');
  const na = spec.affinity?.nodeAffinity;
  const requiredPath = child(affinityPath, 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms');
  const terms = na?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];

  // Gt/Lt values that are not integers: the requirement fails to parse, so its term never matches.
  const checkGtLt = (exprs: typeof terms[number]['matchExpressions'], exprPath: FieldPath) => {
    (exprs ?? []).forEach((e, j) => {
      if ((e.operator !== 'Gt' && e.operator !== 'Lt') || e.values?.length !== 1) return;
      const v = e.values[0] ?? '';
      if (parseInt64(v) !== undefined) return;
      out.push(warn('kce.gtLtNotInteger', index(child(index(exprPath, j), 'values'), 0),
        `${e.operator} needs an integer, and ${JSON.stringify(v)} is not one: this expression never matches, so its term selects no node`));
    });
  };
  terms.forEach((t, i) => checkGtLt(t?.matchExpressions, child(index(requiredPath, i), 'matchExpressions')));
  (na?.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((p, i) =>
    checkGtLt(p?.preference?.matchExpressions, child(index(child(affinityPath, 'preferredDuringSchedulingIgnoredDuringExecution'), i), 'preference', 'matchExpressions')));

  // Empty terms select nothing (they are not "match everything").
  const empty = terms.map((t, i) => (!t || ((t.matchExpressions?.length ?? 0) === 0 && (t.matchFields?.length ?? 0) === 0) ? i : -1)).filter((i) => i >= 0);
  for (const i of empty) {
    const all = empty.length === terms.length;
    out.push(warn('kce.emptyTerm', index(requiredPath, i),
      all ? 'this term is empty and every term is empty: an empty term matches no node, so the pod can run nowhere'
          : 'this term is empty: an empty term matches no node (it does not mean "any node"); remove it'));
  }

  // Terms that match no node of the inventory while another term does.
  if (opts.inventoryDependent !== false && opts.nodes.length > 0 && terms.length > 1) {
    const matching = terms.map((t, i) => {
      if (!t || empty.includes(i)) return -1;
      const compiled = newNodeSelectorTerm(t, i, index(requiredPath, i));
      if (compiled.parseErrors.length) return -1;
      let n = 0;
      for (const node of opts.nodes) if (termMatches(compiled, node)) n++;
      return n;
    });
    if (matching.some((n) => n > 0)) {
      matching.forEach((n, i) => {
        if (n === 0) out.push(warn('kce.termMatchesNoNode', index(requiredPath, i), `this term matches none of the ${plural(opts.nodes.length, 'node')} in ${opts.inventoryLabel}`));
      });
    }
  }

  if (opts.isDaemonSet && (na?.preferredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0) {
    out.push(info('kce.preferredAffinityIgnored', child(affinityPath, 'preferredDuringSchedulingIgnoredDuringExecution'),
      'preferred node affinity has no effect on a DaemonSet: the controller decides per node and pins each pod to its node, so there is nothing to prefer between'));
  }
  return out;
}

function selectorInsights(spec: PodSpec, opts: InsightOptions): Insight[] {
  if (opts.nodes.length === 0 || opts.inventoryDependent === false) return [];
  const out: Insight[] = [];
  const ns = spec.nodeSelector ?? {};
  const nsPath = child(opts.specPath, 'nodeSelector');
  let pinpointed = false;
  const keys = Object.keys(ns);
  const index = keys.length > INDEXED_SELECTOR_KEYS ? labelValuesByKey(opts.nodes, keys) : undefined;
  for (const k of keys) {
    const want = ns[k];
    const held = index?.get(k);
    if (held ? held.all.has(want!) : opts.nodes.some((n) => labelValue(n.labels, k) === want)) continue;
    const seen = held ? seenHint(held.first) : valuesSeen(opts.nodes, k);
    pinpointed = true;
    out.push(warn('kce.selectorMatchesNoNode', key(nsPath, k),
      `no node in ${opts.inventoryLabel} has ${k}=${want}` + (seen.length ? ` (values seen: ${seen.join(', ')})` : ` (no node has the label ${k})`)));
  }
  if (pinpointed) return out;
  const affinity = getRequiredNodeAffinity(spec, opts.specPath);
  if (affinity.nodeSelector === undefined && Object.keys(ns).length === 0) return out;
  if (opts.nodes.some((n) => affinity.matches(n))) return out;
  const field = affinity.nodeSelector
    ? child(opts.specPath, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution')
    : nsPath;
  const what = affinity.nodeSelector && Object.keys(ns).length ? 'nodeSelector and required node affinity together match' : affinity.nodeSelector ? 'required node affinity matches' : 'nodeSelector matches';
  out.push(warn('kce.selectorMatchesNoNode', field, `${what} none of the ${plural(opts.nodes.length, 'node')} in ${opts.inventoryLabel}`));
  return out;
}

function tolerationInsights(spec: PodSpec, opts: InsightOptions): Insight[] {
  const out: Insight[] = [];
  const tolPath = child(opts.specPath, 'tolerations');
  const enableCmp = opts.gates.TaintTolerationComparisonOperators === true;
  const taints: Taint[] = [];
  for (const n of opts.nodes) for (const t of n.taints) taints.push(t);
  (spec.tolerations ?? []).forEach((tol: Toleration, i) => {
    if (!tol) return;
    const path = index(tolPath, i);
    const k = tol.key ?? '';
    if (k === '' && tol.operator === 'Exists') {
      out.push(info('kce.blanketToleration', path, blanketTolerationMessage(tol.effect ?? '')));
      return;
    }
    // Specs that tolerate both (the usual migration step) are right as they are.
    if (k === MASTER_TAINT && !toleratesControlPlane(spec.tolerations ?? [], tol)) {
      const cp = opts.nodes.filter((n) => n.taints.some((t) => t.key === CONTROL_PLANE_TAINT)).length;
      out.push(warn('kce.deprecatedMasterToleration', child(path, 'key'),
        `${MASTER_TAINT} is no longer set on control-plane nodes (kubeadm stopped in v1.25); tolerate ${CONTROL_PLANE_TAINT}` +
          (cp && opts.inventoryDependent !== false ? ` — ${plural(cp, 'node')} in ${opts.inventoryLabel} carry it` : '')));
      return;
    }
    if (opts.isDaemonSet && tol.effect === 'PreferNoSchedule') {
      out.push(warn('kce.tolerationPreferNoScheduleOnly', child(path, 'effect'),
        'the DaemonSet controller ignores PreferNoSchedule taints, so a toleration for that effect alone changes nothing'));
      return;
    }
    if (k === MASTER_TAINT) return;
    if (opts.inventoryDependent === false || opts.nodes.length === 0 || k === '' || k.startsWith(CONDITION_TAINT_PREFIX)) return;
    if (taints.some((t) => toleratesTaint(tol, t, enableCmp))) return;
    const sameKey = taints.filter((t) => t.key === k);
    out.push(warn('kce.tolerationMatchesNoTaint', path,
      sameKey.length
        ? `matches none of the taints with key ${k} in ${opts.inventoryLabel} (they are ${[...new Set(sameKey.map(taintToString))].join(', ')})`
        : `no node in ${opts.inventoryLabel} has a taint with key ${k}`));
  });
  return out;
}

/** Does another toleration of the spec tolerate the control-plane taint as kubeadm sets it (NoSchedule)? */
function toleratesControlPlane(tolerations: readonly Toleration[], master: Toleration): boolean {
  const taint: Taint = { key: CONTROL_PLANE_TAINT, effect: 'NoSchedule' };
  return tolerations.some((t) => t && t !== master && toleratesTaint(t, taint, false));
}

/** Every insight for one pod spec. */
export function podSpecInsights(spec: PodSpec | undefined, opts: InsightOptions): Insight[] {
  if (!spec) return [];
  return [...nodeAffinityInsights(spec, opts), ...selectorInsights(spec, opts), ...tolerationInsights(spec, opts)];
}
