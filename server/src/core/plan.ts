// The DaemonSet controller's sync plan: which nodes get a daemon pod, which pods are deleted and
// why, and how creations are batched (pkg/controller/daemon/daemon_controller.go: manage,
// podsShouldBeOnNode, getNodesToDaemonPods, syncNodes; daemon/util: GetTargetNodeName).
// Placement is a parameter so this file does not depend on placement.ts.
import type { DeleteCode } from '../codes/index';
import type { DaemonSet, NodeInfo, OwnerReference, Pod } from './types';
import { getTargetNodeName } from './daemonPod';
import { allowsSurge } from './rollout';

/** BurstReplicas (daemon_controller.go): most creates or deletes issued in one sync. */
const BURST_REPLICAS = 250;
/** SlowStartInitialBatchSize (pkg/controller/controller_utils.go). */
const SLOW_START_INITIAL_BATCH_SIZE = 1;
/** apps.ControllerRevisionHashLabelKey: the label holding a pod's template revision. */
const CONTROLLER_REVISION_HASH_LABEL = 'controller-revision-hash';
/** NodeFieldSelectorKeyNodeName: the matchFields key the controller pins pods to nodes with. */
const NODE_NAME_FIELD = 'metadata.name';

export type Placement = { shouldRun: boolean; shouldContinueRunning: boolean };

/** Why a sync deletes a pod: server/src/codes/plan.ts. */
export type { DeleteCode } from '../codes/index';

export interface PodToDelete {
  pod: string;
  node: string;
  code: DeleteCode;
  reason: string;
}

/** A pod or node the controller leaves alone in this sync, and why. */
export interface Held {
  node: string;
  pod?: string;
  reason: string;
}

export interface PlanInput {
  nodes: NodeInfo[];
  /** Pods already known to belong to the DaemonSet (see podBelongsTo). */
  pods: Pod[];
  shouldRunOn: (node: NodeInfo) => Placement;
  /** The DaemonSet: its update strategy decides whether two pods may share a node (surge). */
  ds?: DaemonSet;
  /** Current template revision (controller-revision-hash); used only when surge is allowed. */
  hash?: string;
  /** For minReadySeconds; without it a ready pod counts as available. */
  now?: Date | number;
  /** Nodes whose failed-pod deletion is already backing off from an earlier sync. */
  backoffNodes?: string[];
  burstReplicas?: number;
}

export interface SyncPlan {
  /** Every node that needs a daemon pod, in node order. Only the first sum(batches) are created this sync. */
  nodesNeedingDaemonPods: string[];
  podsToDelete: PodToDelete[];
  /** Slow-start create batches for this sync: 1, 2, 4, ... bounded by burstReplicas and by what remains. */
  batches: number[];
  /** Deletions issued this sync: all at once, no slow start, at most burstReplicas. */
  deletesThisSync: number;
  /** Nodes left for a later sync because of burstReplicas. */
  deferredCreates: string[];
  held: Held[];
  /** Pods that getNodesToDaemonPods leaves out, and why. */
  ignored: { pod: string; reason: string }[];
  /** Set when syncDaemonSet would not manage the DaemonSet at all. */
  blocked?: string;
}

export function podName(pod: Pod): string {
  return pod.metadata?.name || pod.metadata?.generateName || '<unnamed>';
}

function isTerminal(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Failed' || phase === 'Succeeded';
}

// Port of IsPodReady (pkg/api/v1/pod/util.go).
function isPodReady(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

// Port of IsPodAvailable (pkg/api/v1/pod/util.go).
export function isPodAvailable(pod: Pod, minReadySeconds: number, now?: Date | number): boolean {
  if (!isPodReady(pod)) return false;
  if (!minReadySeconds || now === undefined) return true;
  const c = (pod.status?.conditions ?? []).find((x) => x.type === 'Ready');
  const since = c?.lastTransitionTime ? Date.parse(c.lastTransitionTime) : NaN;
  // A missing transition time is Go's zero time: long ago, so available.
  if (Number.isNaN(since)) return true;
  const t = typeof now === 'number' ? now : now.getTime();
  return since + minReadySeconds * 1000 <= t;
}

// Port of DaemonSetsController.getNodesToDaemonPods (pkg/controller/daemon/daemon_controller.go).
export function getNodesToDaemonPods(
  pods: Pod[],
  includeDeletedTerminal = false,
): { byNode: Map<string, Pod[]>; ignored: { pod: string; reason: string }[] } {
  const byNode = new Map<string, Pod[]>();
  const ignored: { pod: string; reason: string }[] = [];
  for (const pod of pods) {
    if (!includeDeletedTerminal && isTerminal(pod) && pod.metadata?.deletionTimestamp) {
      // Already finished and on its way out: kubelet or PodGC owns it now.
      ignored.push({ pod: podName(pod), reason: `${pod.status?.phase} and being deleted` });
      continue;
    }
    const target = getTargetNodeName(pod);
    if (target.error !== undefined) {
      ignored.push({ pod: podName(pod), reason: target.error });
      continue;
    }
    const list = byNode.get(target.nodeName);
    if (list) list.push(pod);
    else byNode.set(target.nodeName, [pod]);
  }
  return { byNode, ignored };
}

function creationMs(pod: Pod): number {
  const t = pod.metadata?.creationTimestamp ? Date.parse(pod.metadata.creationTimestamp) : NaN;
  // Missing timestamps are Go's zero time, which sorts first.
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

// Port of podByCreationTimestampAndPhase.Less (pkg/controller/daemon/daemon_controller.go).
export function comparePodsByCreationTimestampAndPhase(a: Pod, b: Pod): number {
  const aScheduled = !!a.spec?.nodeName;
  const bScheduled = !!b.spec?.nodeName;
  if (aScheduled !== bScheduled) return aScheduled ? -1 : 1;
  const ta = creationMs(a);
  const tb = creationMs(b);
  if (ta === tb) {
    const na = a.metadata?.name ?? '';
    const nb = b.metadata?.name ?? '';
    return na < nb ? -1 : na > nb ? 1 : 0;
  }
  return ta < tb ? -1 : 1;
}

interface NodeContext {
  ds?: DaemonSet;
  hash?: string;
  now?: Date | number;
  /** Nodes whose failed-pod deletion is backing off; a deletion adds its node. */
  backoff: Set<string>;
}

interface NodeOutcome {
  create: boolean;
  deletes: PodToDelete[];
  held: Held[];
}

// Port of DaemonSetsController.podsShouldBeOnNode (pkg/controller/daemon/daemon_controller.go).
export function podsShouldBeOnNode(
  node: string,
  placement: Placement,
  nodeToDaemonPods: Map<string, Pod[]>,
  ctx: NodeContext,
): NodeOutcome {
  const out: NodeOutcome = { create: false, deletes: [], held: [] };
  const { shouldRun, shouldContinueRunning } = placement;
  const daemonPods = nodeToDaemonPods.get(node);
  const exists = daemonPods !== undefined;
  const del = (pod: Pod, code: DeleteCode, reason: string) => out.deletes.push({ pod: podName(pod), node, code, reason });

  if (shouldRun && !exists) {
    out.create = true;
    return out;
  }
  if (shouldContinueRunning) {
    const running: Pod[] = [];
    for (const pod of daemonPods ?? []) {
      if (pod.metadata?.deletionTimestamp) {
        // Terminating pods are neither counted nor deleted again, yet they still make the node "exist".
        out.held.push({ node, pod: podName(pod), reason: 'being deleted: not counted as running' });
        continue;
      }
      const phase = pod.status?.phase;
      if (phase === 'Failed') {
        // Kubelet may keep rejecting the pod; a per-node backoff stops a delete/create hot loop.
        if (ctx.backoff.has(node)) {
          out.held.push({ node, pod: podName(pod), reason: 'failed, but deleting failed pods on this node is backing off' });
          continue;
        }
        ctx.backoff.add(node);
        del(pod, 'Failed', 'failed daemon pod: deleted so a new one is created in the next sync');
      } else if (phase === 'Succeeded') {
        del(pod, 'Succeeded', 'succeeded daemon pod: a daemon pod must keep running, so it is replaced');
      } else {
        running.push(pod);
      }
    }

    if (!ctx.ds || !allowsSurge(ctx.ds)) {
      if (running.length <= 1) {
        if (!exists || running.length === 1 || !shouldRun) return out;
        // Nothing running but the node has pods (failed/terminating): creation waits for the next sync.
        out.held.push({ node, reason: 'no running pod yet; a new pod is created in a later sync, once the old ones are gone' });
        return out;
      }
      running.sort(comparePodsByCreationTimestampAndPhase);
      const kept = podName(running[0] as Pod);
      for (const pod of running.slice(1)) {
        del(pod, 'Duplicate', `more than one daemon pod on the node: keeps ${kept} (scheduled first, then oldest, then by name)`);
      }
      return out;
    }

    if (running.length <= 1) {
      // Surging: a node must have at least one pod that is not being deleted.
      if (running.length === 0 && shouldRun) out.create = true;
      return out;
    }

    // Surging: keep the oldest new pod and the oldest old pod; every other pod goes.
    running.sort(comparePodsByCreationTimestampAndPhase);
    let oldestNew: Pod | undefined;
    let oldestOld: Pod | undefined;
    for (const pod of running) {
      const isNew = pod.metadata?.labels?.[CONTROLLER_REVISION_HASH_LABEL] === ctx.hash;
      if (isNew && !oldestNew) {
        oldestNew = pod;
        continue;
      }
      if (!isNew && !oldestOld) {
        oldestOld = pod;
        continue;
      }
      del(pod, 'Duplicate', `surge keeps at most one pod per revision on a node: extra ${isNew ? 'new' : 'old'} pod`);
    }
    if (oldestNew && oldestOld) {
      if (!isPodReady(oldestOld)) {
        del(oldestOld, 'SurgeReplaced', `old pod is not ready: replaced by ${podName(oldestNew)}`);
      } else if (isPodAvailable(oldestNew, ctx.ds.spec?.minReadySeconds ?? 0, ctx.now)) {
        del(oldestOld, 'SurgeReplaced', `new pod ${podName(oldestNew)} is available: the old pod goes`);
      }
    }
    return out;
  }

  if (!shouldContinueRunning && exists) {
    for (const pod of daemonPods ?? []) {
      if (pod.metadata?.deletionTimestamp) continue;
      del(pod, 'NodeShouldNotRun', 'the node no longer fits the DaemonSet (selector, affinity, or an untolerated NoExecute taint)');
    }
  }
  return out;
}

// Port of getUnscheduledPodsWithoutNode (pkg/controller/daemon/daemon_controller.go).
export function getUnscheduledPodsWithoutNode(nodes: NodeInfo[], nodeToDaemonPods: Map<string, Pod[]>): { deletes: PodToDelete[]; held: Held[] } {
  const running = new Set(nodes.map((n) => n.name));
  const deletes: PodToDelete[] = [];
  const held: Held[] = [];
  // Map order upstream is random; by node name here.
  const absent = [...nodeToDaemonPods.keys()].filter((n) => !running.has(n)).sort();
  for (const node of absent) {
    for (const pod of nodeToDaemonPods.get(node) ?? []) {
      if (!pod.spec?.nodeName) {
        // Never scheduled, so PodGC will not collect it: the DaemonSet controller must.
        deletes.push({ pod: podName(pod), node, code: 'NodeGone', reason: `unscheduled pod pinned to node ${node}, which does not exist` });
      } else {
        held.push({ node, pod: podName(pod), reason: 'node does not exist: the pod garbage collector removes it, not the DaemonSet controller' });
      }
    }
  }
  return { deletes, held };
}

// Port of the slow-start loop in DaemonSetsController.syncNodes (pkg/controller/daemon/daemon_controller.go).
export function slowStartBatches(count: number, burstReplicas = BURST_REPLICAS, initial = SLOW_START_INITIAL_BATCH_SIZE): number[] {
  const createDiff = Math.max(0, Math.min(count, burstReplicas));
  const batches: number[] = [];
  let batch = Math.min(createDiff, initial);
  for (let pos = 0; createDiff > pos && batch > 0; ) {
    batches.push(batch);
    const next = Math.min(2 * batch, createDiff - (pos + batch));
    pos += batch;
    batch = next;
  }
  return batches;
}

function isSelectingAll(ds: DaemonSet): boolean {
  // Upstream compares with an empty LabelSelector by deep equality: absent fields only.
  const sel = ds.spec?.selector;
  return !!sel && sel.matchLabels === undefined && sel.matchExpressions === undefined;
}

// Port of DaemonSetsController.manage (pkg/controller/daemon/daemon_controller.go), with syncNodes' batching.
export function planSync(input: PlanInput): SyncPlan {
  const burst = input.burstReplicas ?? BURST_REPLICAS;
  const empty: SyncPlan = { nodesNeedingDaemonPods: [], podsToDelete: [], batches: [], deletesThisSync: 0, deferredCreates: [], held: [], ignored: [] };
  if (input.ds && isSelectingAll(input.ds)) {
    return { ...empty, blocked: 'the selector is empty and would select every pod: the controller does nothing (event SelectingAll)' };
  }
  if (input.ds?.metadata?.deletionTimestamp) {
    return { ...empty, blocked: 'the DaemonSet is being deleted: the controller neither creates nor deletes pods' };
  }

  const { byNode, ignored } = getNodesToDaemonPods(input.pods);
  const ctx: NodeContext = { ds: input.ds, hash: input.hash, now: input.now, backoff: new Set(input.backoffNodes ?? []) };
  const nodesNeedingDaemonPods: string[] = [];
  const podsToDelete: PodToDelete[] = [];
  const held: Held[] = [];
  for (const node of input.nodes) {
    const r = podsShouldBeOnNode(node.name, input.shouldRunOn(node), byNode, ctx);
    if (r.create) nodesNeedingDaemonPods.push(node.name);
    podsToDelete.push(...r.deletes);
    held.push(...r.held);
  }
  const gone = getUnscheduledPodsWithoutNode(input.nodes, byNode);
  podsToDelete.push(...gone.deletes);
  held.push(...gone.held);

  const batches = slowStartBatches(nodesNeedingDaemonPods.length, burst);
  const created = batches.reduce((a, b) => a + b, 0);
  return {
    nodesNeedingDaemonPods,
    podsToDelete,
    batches,
    deletesThisSync: Math.min(podsToDelete.length, burst),
    deferredCreates: nodesNeedingDaemonPods.slice(created),
    held,
    ignored,
  };
}

export type ClaimAction = 'keep' | 'adopt' | 'release' | 'ignore';

function controllerOf(pod: Pod): OwnerReference | undefined {
  return (pod.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
}

function refersTo(ref: OwnerReference, ds: DaemonSet): boolean {
  // Upstream compares UIDs; manifests and snapshots often lack them, so kind and name stand in.
  const uid = ds.metadata?.uid;
  if (uid && ref.uid) return ref.uid === uid;
  return ref.kind === 'DaemonSet' && ref.name === ds.metadata?.name;
}

// Port of BaseControllerRefManager.ClaimObject (pkg/controller/controller_ref_manager.go) for pods.
export function claimPod(
  ds: DaemonSet,
  pod: Pod,
  matchesSelector: (labels: Record<string, string>) => boolean,
): { claimed: boolean; action: ClaimAction; reason: string } {
  const labels = pod.metadata?.labels ?? {};
  const ref = controllerOf(pod);
  const dsDeleting = !!ds.metadata?.deletionTimestamp;
  if (ref) {
    if (!refersTo(ref, ds)) return { claimed: false, action: 'ignore', reason: `controlled by ${ref.kind ?? '?'} ${ref.name ?? '?'}` };
    if (matchesSelector(labels)) return { claimed: true, action: 'keep', reason: 'controlled by this DaemonSet and matches its selector' };
    if (dsDeleting) return { claimed: false, action: 'ignore', reason: 'labels no longer match; the DaemonSet is being deleted' };
    return { claimed: false, action: 'release', reason: 'controlled by this DaemonSet but its labels no longer match the selector: released (orphaned)' };
  }
  if (dsDeleting) return { claimed: false, action: 'ignore', reason: 'orphan; the DaemonSet is being deleted, so it adopts nothing' };
  if (!matchesSelector(labels)) return { claimed: false, action: 'ignore', reason: 'orphan whose labels do not match the selector' };
  if (pod.metadata?.deletionTimestamp) return { claimed: false, action: 'ignore', reason: 'orphan being deleted' };
  const dsNs = ds.metadata?.namespace;
  const podNs = pod.metadata?.namespace;
  // An absent namespace (a manifest before kubectl fills it in) is not treated as a mismatch.
  if (dsNs && podNs && dsNs !== podNs) return { claimed: false, action: 'ignore', reason: `orphan in namespace ${podNs}, not ${dsNs}` };
  return { claimed: true, action: 'adopt', reason: 'orphan matching the selector: adopted' };
}

/** Whether the DaemonSet controller counts the pod as its own (after adopting or releasing). */
export function podBelongsTo(ds: DaemonSet, pod: Pod, matchesSelector: (labels: Record<string, string>) => boolean): boolean {
  return claimPod(ds, pod, matchesSelector).claimed;
}
