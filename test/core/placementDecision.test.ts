// One decision per node: the counting fast path (classify) and the reasons (evaluate) come from the same checks,
// over every example DaemonSet and a generated 2,000-node inventory with every kind of taint, label and condition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeText } from '../../server/src/analysis/index';
import { compilePlacement } from '../../server/src/core/placement';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { generateNodesJson } from '../../server/src/inventory/files/generate';
import { loadNodesFromText } from '../../server/src/inventory/files/loadNodes';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import type { DaemonSet } from '../../server/src/core/types';

const ROOT = join(__dirname, '..', '..');

function exampleDaemonSets(): { name: string; ds: DaemonSet }[] {
  const out: { name: string; ds: DaemonSet }[] = [];
  for (const dir of ['examples', 'examples/broken']) {
    for (const f of readdirSync(join(ROOT, dir)).filter((n) => /\.ya?ml$/.test(n))) {
      const text = readFileSync(join(ROOT, dir, f), 'utf8');
      for (const d of analyzeText(text, { nodes: [], gates: DEFAULT_FEATURE_GATES, insights: false }).documents) {
        if (d.daemonSet) out.push({ name: `${dir}/${f}#${d.index}`, ds: d.daemonSet });
      }
    }
  }
  return out;
}

test('classify and evaluate agree on every node; reasons exactly when the node does not run the pod', () => {
  const nodes = [...sampleClusterNodes(), ...loadNodesFromText(generateNodesJson(2000, 7), 'generated.json').nodes];
  const daemonSets = exampleDaemonSets();
  assert.ok(daemonSets.length >= 6, 'the examples hold several DaemonSets');
  let keepOnly = 0;
  for (const { name, ds } of daemonSets) {
    for (const gates of [DEFAULT_FEATURE_GATES, { ...DEFAULT_FEATURE_GATES, TaintTolerationComparisonOperators: true }]) {
      const compiled = compilePlacement(ds, gates);
      for (const n of nodes) {
        const p = compiled.evaluate(n);
        const bits = (p.shouldRun ? 2 : 0) | (p.shouldContinueRunning ? 1 : 0);
        assert.equal(compiled.classify(n), bits, `${name} on ${n.name}`);
        assert.ok(!(p.shouldRun && !p.shouldContinueRunning), 'a node that gets a pod keeps it');
        assert.equal(p.reasons.length > 0, !p.shouldRun, `${name} on ${n.name}: reasons iff not running`);
        if (!p.shouldRun && p.shouldContinueRunning) {
          keepOnly++;
          assert.ok(p.reasons.every((r) => r.code === 'TaintNotTolerated' && !r.evicts), 'only NoSchedule taints keep a pod');
        }
      }
    }
  }
  assert.ok(keepOnly > 0, 'the inventory has nodes that only keep a running pod');
});
