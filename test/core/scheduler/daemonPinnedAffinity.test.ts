// The daemon pod's NodeAffinity in `daemonPinnedToNode` mode must be what the scheduler sees once the controller has
// run ReplaceDaemonSetPodNodeNameNodeAffinity: the required terms replaced by the node-name term, nodeSelector and
// preferred terms kept. The upstream table gives the affinities; each is evaluated both ways on several nodes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceDaemonSetPodNodeNameNodeAffinity } from '../../../server/src/core/daemonPod';
import { filterNode, prepareFilters } from '../../../server/src/core/scheduler/framework';
import { NodeInfo } from '../../../server/src/core/scheduler/nodeInfo';
import type { Affinity } from '../../../server/src/core/types';
import type { SchedNode, SchedPod } from '../../../server/src/core/scheduler/types';

interface Case {
  name: string;
  affinity: Affinity | null;
  hostname: string;
  expected: Affinity;
}
const table = JSON.parse(readFileSync(join(__dirname, 'data', 'replaceDaemonSetPodNodeNameNodeAffinity.json'), 'utf8'))
  .cases as Case[];

const node = (name: string, labels: Record<string, string>): NodeInfo => new NodeInfo({
  name, labels, taints: [], unschedulable: false, conditions: [], allocatable: { cpu: '1', pods: '10' },
} as SchedNode);
const nodes = [
  node('host_1', { 'kubernetes.io/hostname': 'host_1', hostname: 'host_1', disk: 'ssd' }),
  node('host_1', { 'kubernetes.io/hostname': 'elsewhere', disk: 'hdd' }),
  node('host_2', { 'kubernetes.io/hostname': 'host_2', hostname: 'host_2', disk: 'ssd' }),
];
const selectors: (Record<string, string> | undefined)[] = [undefined, { disk: 'ssd' }];
const plugins = ['NodeAffinity'] as const;

/** The pinned evaluation of the template, and the plain evaluation of the pod the controller actually creates. */
function both(affinity: Affinity | null, nodeSelector: Record<string, string> | undefined, ni: NodeInfo) {
  const template: SchedPod = { spec: { nodeSelector, affinity: affinity ?? undefined } };
  const pinned = filterNode(prepareFilters(template, [ni], { plugins, daemonPinnedToNode: true }), ni);
  const replaced = replaceDaemonSetPodNodeNameNodeAffinity(structuredClone(affinity ?? undefined), ni.node.name);
  const created: SchedPod = { spec: { nodeSelector, affinity: replaced } };
  const plain = filterNode(prepareFilters(created, [ni], { plugins }), ni);
  return { pinned, plain };
}

describe('TestReplaceDaemonSetPodNodeNameNodeAffinity, through the NodeAffinity filter', () => {
  for (const c of table) {
    test(c.name, () => {
      assert.deepEqual(replaceDaemonSetPodNodeNameNodeAffinity(structuredClone(c.affinity ?? undefined), c.hostname),
        c.expected);
      for (const ni of nodes) {
        for (const sel of selectors) {
          const { pinned, plain } = both(c.affinity, sel, ni);
          const where = `${ni.node.name} ${JSON.stringify(ni.node.labels)} nodeSelector ${JSON.stringify(sel)}`;
          assert.equal(pinned.feasible, plain.feasible, where);
          // Only the nodeSelector can reject the daemon pod on its own node.
          assert.equal(pinned.feasible, sel === undefined || ni.node.labels.disk === sel.disk, where);
          assert.deepEqual(pinned.results.map((r) => r.reasons), plain.results.map((r) => r.reasons), where);
        }
      }
    });
  }

  test('a required term the node fails no longer rejects it; the nodeSelector still does, at its key', () => {
    const hostnameTerm = table[1]!.affinity;
    const other = nodes[1]!;
    assert.equal(both(hostnameTerm, undefined, other).pinned.feasible, true);
    const out = filterNode(prepareFilters({ spec: { nodeSelector: { disk: 'ssd' }, affinity: hostnameTerm ?? undefined } },
      [other], { plugins, daemonPinnedToNode: true, specPath: 'spec.template.spec' }), other);
    assert.equal(out.feasible, false);
    assert.deepEqual(out.results[0]?.reasons, ["node(s) didn't match Pod's node affinity/selector"]);
    assert.equal(out.results[0]?.field, 'spec.template.spec.nodeSelector[disk]');
  });
});
