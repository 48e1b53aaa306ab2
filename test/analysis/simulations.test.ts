// The simulations the CLI and the language server share: one wiring of placement, plan and rollout.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeText } from '../../server/src/analysis/index';
import { simulatePlan, simulateRolloutOf, podsOf } from '../../server/src/analysis/simulations';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { planResult, rolloutResult } from '../../server/src/analysis/results';
import type { Pod } from '../../server/src/core/types';

const nodes = sampleClusterNodes();
const gates = DEFAULT_FEATURE_GATES;
function example(name: string) {
  const d = analyzeText(readFileSync(join(__dirname, '..', '..', 'examples', name), 'utf8'), { nodes, gates, insights: false }).documents[0]!;
  return { ds: d.daemonSet!, placements: d.placement!.placements };
}

describe('shared simulations', () => {
  test('rollout: nodes that only keep a running pod (NoSchedule taints) lose their old pod and get no new one', () => {
    const { ds, placements } = example('csi-node.yaml');
    const keepOnly = placements.filter((p) => !p.shouldRun && p.shouldContinueRunning).map((p) => p.node).sort();
    assert.deepEqual(keepOnly, ['cp-1', 'cp-2', 'cp-3', 'gpu-a-1', 'gpu-b-1', 'notready-b-2']);
    const sim = simulateRolloutOf(ds, placements);
    const created = sim.rounds.flatMap((r) => r.create);
    const deleted = sim.rounds.flatMap((r) => r.delete);
    for (const n of keepOnly) {
      assert.ok(!created.includes(n), `${n}: no new pod`);
      assert.ok(deleted.includes(n), `${n}: the old pod goes`);
    }
    assert.deepEqual([...created].sort(), [...sim.nodes].sort());
  });

  test('the result shapes both front ends present carry the simulations unchanged', () => {
    const { ds, placements } = example('csi-node.yaml');
    const shared = simulateRolloutOf(ds, placements);
    const r = rolloutResult(ds, placements);
    assert.deepEqual(r.rounds.map((x) => [x.create, x.delete]), shared.rounds.map((x) => [x.create, x.delete]));
    assert.equal(r.desiredNumberScheduled, shared.nodes.length);
    assert.deepEqual(r.notes.slice(2), shared.rounds.map((x, i) => `round ${i + 1}: ${x.note}`));
    const p = simulatePlan(ds, nodes, gates);
    const shape = planResult(ds, nodes, gates);
    assert.deepEqual(shape.nodesNeedingDaemonPods, p.sync.nodesNeedingDaemonPods);
    assert.deepEqual(shape.batches, p.sync.batches);
    assert.equal(shape.counts.desiredNumberScheduled, placements.filter((x) => x.shouldRun).length);
    assert.equal(shape.notes[0], 'no pods known: the first sync of a new DaemonSet');
  });

  test('plan: only the DaemonSet\'s own pods count', () => {
    const { ds } = example('csi-node.yaml');
    const pod = (name: string, node: string, app: string): Pod => ({ metadata: { name, namespace: 'kube-system', labels: { app } }, spec: { nodeName: node }, status: { phase: 'Running' } });
    const pods = [pod('mine', 'worker-a-1', 'ebs-csi-node'), pod('theirs', 'worker-b-1', 'web')];
    assert.deepEqual(podsOf(ds, pods).map((p) => p.metadata!.name), ['mine']);
    const p = simulatePlan(ds, nodes, gates, { pods });
    assert.ok(!p.sync.nodesNeedingDaemonPods.includes('worker-a-1'));
    assert.ok(p.sync.nodesNeedingDaemonPods.includes('worker-b-1'));
  });
});
