// Builders for the scheduler plugin tables: the compact pod/node notation of the JSON data (mirroring the st.MakePod
// and st.MakeNode helpers of the upstream tests) turned into scheduler inputs.
import type { LabelSelector, PodAffinityTerm, Taint, Toleration } from '../../../server/src/core/types';
import type { SchedPod, TopologySpreadConstraint } from '../../../server/src/core/scheduler/types';
import type { NodePodsView } from '../../../server/src/core/scheduler/affinityTerms';

export type TermSpec =
  | { in: [string, string[]]; topologyKey: string }
  | { notIn: [string, string[]]; topologyKey: string }
  | { exists: string; topologyKey: string }
  | PodAffinityTerm;

/**
 * The arguments of st.SpreadConstraint: maxSkew, topologyKey, whenUnsatisfiable, selector, minDomains,
 * nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys.
 */
export type SpreadSpec = [
  number,
  string,
  string,
  LabelSelector | null,
  number | null,
  string | null,
  string | null,
  string[] | null,
];

export interface PodSpecNotation {
  name?: string;
  namespace?: string;
  node?: string;
  labels?: Record<string, string>;
  affinity?: TermSpec[];
  antiAffinity?: TermSpec[];
  spread?: SpreadSpec[];
  nodeSelector?: Record<string, string>;
  /** NodeAffinityIn / NodeAffinityNotIn: [key, values, operator]. */
  nodeAffinity?: [string, string[], string];
  tolerations?: Toleration[];
  terminating?: boolean;
}

export interface NodeNotation {
  name: string;
  labels?: Record<string, string>;
  taints?: Taint[];
}

export function term(t: TermSpec): PodAffinityTerm {
  const expr = (key: string, operator: string, values?: string[]) => ({
    labelSelector: { matchExpressions: [values ? { key, operator, values } : { key, operator }] },
    topologyKey: t.topologyKey,
  });
  if ('in' in t) return expr(t.in[0], 'In', t.in[1]);
  if ('notIn' in t) return expr(t.notIn[0], 'NotIn', t.notIn[1]);
  if ('exists' in t) return expr(t.exists, 'Exists');
  return t;
}

export function spreadConstraint(s: SpreadSpec): TopologySpreadConstraint {
  const [maxSkew, topologyKey, whenUnsatisfiable, selector, minDomains, affinityPolicy, taintsPolicy, labelKeys] = s;
  const c: TopologySpreadConstraint = { maxSkew, topologyKey, whenUnsatisfiable };
  if (selector !== null) c.labelSelector = selector;
  if (minDomains !== null) c.minDomains = minDomains;
  if (affinityPolicy !== null) c.nodeAffinityPolicy = affinityPolicy;
  if (taintsPolicy !== null) c.nodeTaintsPolicy = taintsPolicy;
  if (labelKeys !== null) c.matchLabelKeys = labelKeys;
  return c;
}

export function makePod(p: PodSpecNotation): SchedPod {
  const pod: SchedPod = { metadata: { name: p.name ?? '', namespace: p.namespace ?? '' }, spec: {} };
  const meta = pod.metadata!;
  const spec = pod.spec!;
  if (p.labels) meta.labels = p.labels;
  if (p.terminating) meta.deletionTimestamp = '2026-01-01T00:00:00Z';
  if (p.node) spec.nodeName = p.node;
  if (p.affinity || p.antiAffinity) {
    spec.affinity = {};
    const required = (terms: TermSpec[]) => ({ requiredDuringSchedulingIgnoredDuringExecution: terms.map(term) });
    if (p.affinity) spec.affinity.podAffinity = required(p.affinity);
    if (p.antiAffinity) spec.affinity.podAntiAffinity = required(p.antiAffinity);
  }
  if (p.nodeAffinity) {
    const [key, values, operator] = p.nodeAffinity;
    spec.affinity = {
      ...spec.affinity,
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key, operator, values }] }],
        },
      },
    };
  }
  if (p.spread) spec.topologySpreadConstraints = p.spread.map(spreadConstraint);
  if (p.nodeSelector) spec.nodeSelector = p.nodeSelector;
  if (p.tolerations) spec.tolerations = p.tolerations;
  return pod;
}

const hasRequiredAnti = (pod: SchedPod) =>
  (pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0;

interface View {
  node: NodePodsView['node'];
  pods: { pod: SchedPod }[];
  podsWithRequiredAntiAffinity: { pod: SchedPod }[];
}

const emptyView = (name: string, labels: Record<string, string> = {}, taints: Taint[] = []): View => ({
  node: { name, labels, taints, unschedulable: false, conditions: [] },
  pods: [],
  podsWithRequiredAntiAffinity: [],
});

/**
 * cache.NewSnapshot(pods, nodes): one view per node, in order. Pods bound to a node that is not listed land on a view
 * without labels, as the snapshot keeps a NodeInfo for them.
 */
export function snapshot(nodes: NodeNotation[], pods: SchedPod[]): NodePodsView[] {
  const views = new Map<string, View>();
  for (const n of nodes) {
    views.set(n.name, emptyView(n.name, n.labels, n.taints));
  }
  for (const pod of pods) {
    const name = pod.spec?.nodeName ?? '';
    let v = views.get(name);
    if (v === undefined) {
      v = emptyView(name);
      views.set(name, v);
    }
    v.pods.push({ pod });
    if (hasRequiredAnti(pod)) v.podsWithRequiredAntiAffinity.push({ pod });
  }
  return [...views.values()];
}
