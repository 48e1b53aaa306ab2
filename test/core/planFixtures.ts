// Fixtures of the plan tests, after daemon_controller_test.go (shared by plan.test.ts and planNodes.test.ts).
import assert from 'node:assert/strict';
import { planSync, podBelongsTo, type Placement } from '../../server/src/core/plan';
import type { DaemonSet, NodeInfo, Pod } from '../../server/src/core/types';

// Fixtures after daemon_controller_test.go: simpleDaemonSetLabel, simpleNodeLabel, newDaemonSet, newPod, addPods.
export const simpleDaemonSetLabel = { name: 'simple-daemon', type: 'production' };
export const simpleDaemonSetLabel2 = { name: 'simple-daemon', type: 'test' };
export const simpleNodeLabel = { color: 'blue', speed: 'fast' };
export const simpleNodeLabel2 = { color: 'red', speed: 'fast' };

export function newDaemonSet(name: string, extra: { nodeSelector?: Record<string, string>; nodeName?: string } = {}): DaemonSet {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: {
      updateStrategy: { type: 'OnDelete' },
      selector: { matchLabels: simpleDaemonSetLabel },
      template: { metadata: { labels: simpleDaemonSetLabel }, spec: { containers: [{ image: 'foo/bar' }], ...extra } },
    },
  };
}
export const updateStrategies = [{ type: 'OnDelete' }, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } }];

export function newNode(name: string, labels: Record<string, string> = {}): NodeInfo {
  return { name, labels, taints: [], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }] };
}
export function addNodes(start: number, n: number, labels?: Record<string, string>): NodeInfo[] {
  return Array.from({ length: n }, (_, i) => newNode(`node-${start + i}`, labels));
}

let seq = 0;
export function newPod(prefix: string, nodeName: string, labels: Record<string, string>, ds?: DaemonSet, extra: Partial<Pod> = {}): Pod {
  seq++;
  return {
    metadata: {
      name: `${prefix}${String(seq).padStart(5, '0')}`,
      namespace: 'default',
      labels,
      ...(ds ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata?.name, uid: ds.metadata?.uid, controller: true }] } : {}),
      ...extra.metadata,
    },
    spec: { ...(nodeName ? { nodeName } : {}), ...extra.spec },
    status: extra.status ?? {},
  };
}
export function addPods(nodeName: string, labels: Record<string, string>, ds: DaemonSet, n: number, extra: Partial<Pod> = {}): Pod[] {
  return Array.from({ length: n }, () => newPod(`${nodeName}-`, nodeName, labels, ds, extra));
}
export function addFailedPods(nodeName: string, labels: Record<string, string>, ds: DaemonSet, n: number): Pod[] {
  return addPods(nodeName, labels, ds, n, { status: { phase: 'Failed' } });
}

export function matchLabels(sel: Record<string, string> | undefined) {
  return (labels: Record<string, string>) => Object.entries(sel ?? {}).every(([k, v]) => labels[k] === v);
}

/** A stand-in for placement: template nodeName and nodeSelector only (taints are tested through explicit callbacks). */
export function simplePlacement(ds: DaemonSet) {
  return (node: NodeInfo): Placement => {
    const spec = ds.spec?.template?.spec;
    if (spec?.nodeName && spec.nodeName !== node.name) return { shouldRun: false, shouldContinueRunning: false };
    const ok = matchLabels(spec?.nodeSelector)(node.labels);
    return { shouldRun: ok, shouldContinueRunning: ok };
  };
}

/** What syncDaemonSet's manage() would do: claim pods, then plan. */
export function sync(ds: DaemonSet, nodes: NodeInfo[], pods: Pod[], opts: { shouldRunOn?: (n: NodeInfo) => Placement; backoffNodes?: string[]; hash?: string } = {}) {
  const claimed = pods.filter((p) => podBelongsTo(ds, p, matchLabels(ds.spec?.selector?.matchLabels)));
  return planSync({ ds, nodes, pods: claimed, shouldRunOn: opts.shouldRunOn ?? simplePlacement(ds), backoffNodes: opts.backoffNodes, hash: opts.hash });
}
export function expectSync(plan: ReturnType<typeof planSync>, creates: number, deletes: number) {
  assert.equal(plan.nodesNeedingDaemonPods.length, creates, `creates: ${JSON.stringify(plan.nodesNeedingDaemonPods)}`);
  assert.equal(plan.podsToDelete.length, deletes, `deletes: ${JSON.stringify(plan.podsToDelete)}`);
}
