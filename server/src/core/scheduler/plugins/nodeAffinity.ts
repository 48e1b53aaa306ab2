// NodeAffinity's PreFilter and Filter (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go, v1.35-era):
// the pod's nodeSelector AND its required node affinity, through the same matcher as the DaemonSet controller
// (core/nodeAffinity.ts). The default profile adds no scheduler-enforced affinity, so that branch is not ported.
import { schedulerMessage } from '../../../codes/scheduler';
import { listOf, objectsOf } from '../resource';
import { child, key as keyPath } from '../../fieldPath';
import { getRequiredNodeAffinity, type CompiledTerm, type RequiredNodeAffinity } from '../../nodeAffinity';
import { sharedRejection } from './shared';
import type { CycleContext, FilterPlugin, FilterResult, NodeInfoView, PreFilterOutcome, SchedPod } from '../types';

export const ERR_REASON_POD = schedulerMessage.nodeAffinity();
export const ERR_REASON_CONFLICT = schedulerMessage.nodeAffinityTermsConflict();
const OBJECT_NAME_FIELD = 'metadata.name';

interface State {
  required: RequiredNodeAffinity;
  nodeSelector: Record<string, string>;
  /**
   * A daemon pod on its own node, once ReplaceDaemonSetPodNodeNameNodeAffinity has replaced its required terms by
   * `metadata.name In [node]` (preferred terms are kept; they only score): only the nodeSelector is left to check.
   * The controller already checked the user's terms against that node.
   */
  pinned: boolean;
}

// Port of NodeAffinity.PreFilter (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go).
function preFilter(pod: SchedPod, ctx: CycleContext): PreFilterOutcome<State> {
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const nodeSelector = pod.spec?.nodeSelector ?? {};
  if (ctx.daemonPinnedToNode) {
    const state: State = { required: getRequiredNodeAffinity(pod.spec, ctx.specPath), nodeSelector, pinned: true };
    return { kind: 'state', state };
  }
  if (!required && pod.spec?.nodeSelector == null) return { kind: 'skip' };
  const state: State = { required: getRequiredNodeAffinity(pod.spec, ctx.specPath), nodeSelector, pinned: false };
  const terms = listOf(required?.nodeSelectorTerms);
  if (terms.length === 0) return { kind: 'state', state };
  let nodeNames: Set<string> | undefined;
  for (const t of terms) {
    let termNames: Set<string> | undefined;
    for (const r of objectsOf(t?.matchFields)) {
      if (r.key !== OBJECT_NAME_FIELD || r.operator !== 'In') continue;
      const s = new Set(listOf(r.values));
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

/**
 * The field that rejects the node, cheaply (rejections are common, so no explanation is built here): the first
 * nodeSelector key the node fails, else the only required term, else the list of terms.
 */
function failingField(s: State, node: NodeInfoView, ctx: CycleContext): string {
  if (s.required.nodeSelectorError) return s.required.nodeSelectorError.field;
  const keys = s.required.nodeSelectorKeys;
  if (keys.length > 0) {
    const labels = node.node.labels;
    for (const k of keys) {
      const have = Object.hasOwn(labels, k) ? labels[k] : undefined;
      if (have !== s.nodeSelector[k]) return keyPath(child(ctx.specPath, 'nodeSelector'), k);
    }
  }
  if (s.pinned) return child(ctx.specPath, 'nodeSelector');
  const terms = s.required.nodeSelector?.terms ?? [];
  if (terms.length === 1) return (terms[0] as CompiledTerm).path;
  return child(ctx.specPath, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution',
    'nodeSelectorTerms');
}

export const nodeAffinity: FilterPlugin<State> = {
  name: 'NodeAffinity',
  preFilter,
  // Port of NodeAffinity.Filter (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go).
  filter(s, _pod, node, ctx): FilterResult | null {
    // Parse errors are ignored, as upstream does for backwards compatibility: a bad term just matches nothing.
    const selector = s.required.labelSelector;
    const ok = s.pinned ? selector === undefined || selector.matches(node.node.labels) : s.required.matches(node.node);
    if (ok) return null;
    const field = failingField(s, node, ctx);
    return sharedRejection(ctx, 'NodeAffinity', 'UnschedulableAndUnresolvable', ERR_REASON_POD, field);
  },
};
