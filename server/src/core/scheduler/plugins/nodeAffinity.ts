// NodeAffinity's PreFilter and Filter (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go, v1.35-era):
// the pod's nodeSelector AND its required node affinity, through the same matcher as the DaemonSet controller
// (core/nodeAffinity.ts). The default profile adds no scheduler-enforced affinity, so that branch is not ported.
import { child } from '../../fieldPath';
import { selectorFromSet } from '../../labels';
import {
  getRequiredNodeAffinity,
  newNodeSelectorTerm,
  termMatches,
  type CompiledTerm,
  type RequiredNodeAffinity,
} from '../../nodeAffinity';
import type { NodeSelectorTerm } from '../../types';
import type { CycleContext, FilterPlugin, FilterResult, NodeInfoView, PreFilterOutcome, SchedPod } from '../types';

export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';
const OBJECT_NAME_FIELD = 'metadata.name';

/** The daemon pod's affinity once its node-name term is set: nodeSelector AND (no terms, or any term's expressions). */
interface PinnedAffinity {
  matches(labels: Record<string, string>): boolean;
}

function pinnedAffinity(pod: SchedPod): PinnedAffinity {
  const ns = pod.spec?.nodeSelector ?? {};
  const selector = Object.keys(ns).length > 0 ? selectorFromSet(ns) : undefined;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  // ReplaceDaemonSetPodNodeNameNodeAffinity replaces every term's matchFields by `metadata.name In [node]`;
  // a term left without expressions then selects exactly the node.
  let anyTermMatchesAll = terms.length === 0;
  const compiled: CompiledTerm[] = [];
  terms.forEach((t: NodeSelectorTerm, i) => {
    if (!t?.matchExpressions?.length) anyTermMatchesAll = true;
    else compiled.push(newNodeSelectorTerm({ matchExpressions: t.matchExpressions }, i, ''));
  });
  return {
    matches(labels) {
      if (selector && !selector.matches(labels)) return false;
      if (anyTermMatchesAll) return true;
      for (const t of compiled) if (termMatches(t, { name: '', labels })) return true;
      return false;
    },
  };
}

interface State {
  required: RequiredNodeAffinity;
  pinned?: PinnedAffinity;
}

// Port of NodeAffinity.PreFilter (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go).
function preFilter(pod: SchedPod, ctx: CycleContext): PreFilterOutcome<State> {
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (ctx.daemonPinnedToNode) {
    return { kind: 'state', state: { required: getRequiredNodeAffinity(pod.spec, ctx.specPath), pinned: pinnedAffinity(pod) } };
  }
  if (!required && pod.spec?.nodeSelector == null) return { kind: 'skip' };
  const state: State = { required: getRequiredNodeAffinity(pod.spec, ctx.specPath) };
  const terms = required?.nodeSelectorTerms ?? [];
  if (terms.length === 0) return { kind: 'state', state };
  let nodeNames: Set<string> | undefined;
  for (const t of terms) {
    let termNames: Set<string> | undefined;
    for (const r of t?.matchFields ?? []) {
      if (r.key !== OBJECT_NAME_FIELD || r.operator !== 'In') continue;
      const s = new Set(r.values ?? []);
      termNames = termNames === undefined ? s : new Set([...termNames].filter((n) => s.has(n)));
    }
    // A term without a name requirement admits every node, and terms are ORed.
    if (termNames === undefined) return { kind: 'state', state };
    nodeNames = new Set([...(nodeNames ?? []), ...termNames]);
  }
  if (nodeNames !== undefined && nodeNames.size === 0) {
    return {
      kind: 'reject',
      result: {
        plugin: 'NodeAffinity',
        code: 'UnschedulableAndUnresolvable',
        reasons: [ERR_REASON_CONFLICT],
        field: child(ctx.specPath, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution'),
      },
    };
  }
  return { kind: 'state', state, nodeNames };
}

/** The most specific field that rejects the node: a nodeSelector key, else the first failing affinity term. */
function failingField(s: State, node: NodeInfoView, ctx: CycleContext): string {
  const sel = s.required.explainNodeSelector(node.node);
  if (sel.length > 0) return (sel[0] as { path: string }).path;
  const aff = s.required.explainAffinity(node.node);
  if (aff.length > 0) return (aff[0] as { path: string }).path;
  return child(ctx.specPath, 'affinity', 'nodeAffinity');
}

export const nodeAffinity: FilterPlugin<State> = {
  name: 'NodeAffinity',
  preFilter,
  // Port of NodeAffinity.Filter (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go).
  filter(s, _pod, node, ctx): FilterResult | null {
    // Parse errors are ignored, as upstream does for backwards compatibility: a bad term just matches nothing.
    const ok = s.pinned ? s.pinned.matches(node.node.labels) : s.required.matches(node.node);
    if (ok) return null;
    return {
      plugin: 'NodeAffinity',
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_POD],
      field: failingField(s, node, ctx),
    };
  },
};
