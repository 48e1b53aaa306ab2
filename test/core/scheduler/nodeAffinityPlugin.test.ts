// pkg/scheduler/framework/plugins/nodeaffinity/node_affinity_test.go TestNodeAffinity (v1.34/v1.35-era copy):
// PreFilter (skip, node-name result, conflict) then Filter on one node named `nodeName` with `labels`.
// Not ported: the three cases with NodeAffinityArgs.addedAffinity ('Matches added affinity and Pod's node affinity',
// 'Matches added affinity but not Pod's node affinity', "Doesn't match added affinity"): the default profile adds none.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { cycleContext } from '../../../server/src/core/scheduler/framework';
import { NodeInfo } from '../../../server/src/core/scheduler/nodeInfo';
import { nodeAffinity } from '../../../server/src/core/scheduler/plugins/nodeAffinity';
import type { SchedPod } from '../../../server/src/core/scheduler/types';
import type { NodeSelectorRequirement, NodeSelectorTerm } from '../../../server/src/core/types';

const POD = "node(s) didn't match Pod's node affinity/selector";
const CONFLICT = 'pod affinity terms conflict';
const e = (key: string, operator: string, values?: string[]): NodeSelectorRequirement =>
  (values ? { key, operator, values } : { key, operator });
const name = (...values: string[]): NodeSelectorRequirement => ({ key: 'metadata.name', operator: 'In', values });
const withTerms = (...nodeSelectorTerms: NodeSelectorTerm[]): SchedPod =>
  ({ spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } } } } });
const selector = (nodeSelector: Record<string, string>, pod: SchedPod = {}): SchedPod =>
  ({ ...pod, spec: { ...pod.spec, nodeSelector } });

interface Case {
  name: string;
  pod: SchedPod;
  labels?: Record<string, string>;
  nodeName?: string;
  wantStatus?: string;
  wantPreFilter?: 'skip' | string;
  wantNodeNames?: string[];
}

const cases: Case[] = [
  { name: 'missing labels', pod: selector({ foo: 'bar' }), wantStatus: POD },
  { name: 'same labels', pod: selector({ foo: 'bar' }), labels: { foo: 'bar' } },
  { name: 'node labels are superset', pod: selector({ foo: 'bar' }), labels: { foo: 'bar', baz: 'blah' } },
  { name: 'node labels are subset', pod: selector({ foo: 'bar', baz: 'blah' }), labels: { foo: 'bar' },
    wantStatus: POD },
  { name: 'Pod with matchExpressions using In operator that matches the existing node',
    pod: withTerms({ matchExpressions: [e('foo', 'In', ['bar', 'value2'])] }), labels: { foo: 'bar' } },
  { name: 'Pod with matchExpressions using Gt operator that matches the existing node',
    pod: withTerms({ matchExpressions: [e('kernel-version', 'Gt', ['0204'])] }), labels: { 'kernel-version': '0206' } },
  { name: 'Pod with matchExpressions using NotIn operator that matches the existing node',
    pod: withTerms({ matchExpressions: [e('mem-type', 'NotIn', ['DDR', 'DDR2'])] }), labels: { 'mem-type': 'DDR3' } },
  { name: 'Pod with matchExpressions using Exists operator that matches the existing node',
    pod: withTerms({ matchExpressions: [e('GPU', 'Exists')] }), labels: { GPU: 'NVIDIA-GRID-K1' } },
  { name: "Pod with affinity that don't match node's labels won't schedule onto the node",
    pod: withTerms({ matchExpressions: [e('foo', 'In', ['value1', 'value2'])] }), labels: { foo: 'bar' },
    wantStatus: POD },
  { name: 'Pod with empty MatchExpressions is not a valid value will match no objects and won\'t schedule onto ' +
      'the node',
    pod: withTerms({ matchExpressions: [] }), labels: { foo: 'bar' }, wantStatus: POD },
  { name: 'Pod with no Affinity will schedule onto a node', pod: {}, labels: { foo: 'bar' }, wantPreFilter: 'skip' },
  { name: 'Pod with Affinity but nil NodeSelector will schedule onto a node',
    pod: { spec: { affinity: { nodeAffinity: {} } } }, labels: { foo: 'bar' }, wantPreFilter: 'skip' },
  { name: 'Pod with multiple matchExpressions ANDed that matches the existing node',
    pod: withTerms({ matchExpressions: [e('GPU', 'Exists'), e('GPU', 'NotIn', ['AMD', 'INTER'])] }),
    labels: { GPU: 'NVIDIA-GRID-K1' } },
  { name: "Pod with multiple matchExpressions ANDed that doesn't match the existing node",
    pod: withTerms({ matchExpressions: [e('GPU', 'Exists'), e('GPU', 'In', ['AMD', 'INTER'])] }),
    labels: { GPU: 'NVIDIA-GRID-K1' }, wantStatus: POD },
  { name: "Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule onto " +
      'the node',
    pod: withTerms({ matchExpressions: [e('foo', 'In', ['bar', 'value2'])] },
      { matchExpressions: [e('diffkey', 'In', ['wrong', 'value2'])] }),
    labels: { foo: 'bar' } },
  { name: 'Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) both are ' +
      'satisfied, will schedule onto the node',
    pod: selector({ foo: 'bar' }, withTerms({ matchExpressions: [e('foo', 'Exists')] })), labels: { foo: 'bar' } },
  { name: "Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are " +
      "deprecating) is not satisfied, won't schedule onto the node",
    pod: selector({ foo: 'bar' }, withTerms({ matchExpressions: [e('foo', 'Exists')] })), labels: { foo: 'barrrrrr' },
    wantStatus: POD },
  { name: "Pod with an invalid value in Affinity term won't be scheduled onto the node",
    pod: withTerms({ matchExpressions: [e('foo', 'NotIn', ['invalid value: ___@#$%^'])] }), labels: { foo: 'bar' },
    wantStatus: POD },
  { name: 'Pod with matchFields using In operator that matches the existing node',
    pod: withTerms({ matchFields: [name('node1')] }), nodeName: 'node1', wantNodeNames: ['node1'] },
  { name: 'Pod with matchFields using In operator that does not match the existing node',
    pod: withTerms({ matchFields: [name('node1')] }), nodeName: 'node2', wantStatus: POD, wantNodeNames: ['node1'] },
  { name: 'Pod with two terms: matchFields does not match, but matchExpressions matches',
    pod: withTerms({ matchFields: [name('node1'), name('node2')] }, { matchExpressions: [e('foo', 'In', ['bar'])] }),
    nodeName: 'node2', labels: { foo: 'bar' } },
  { name: 'Pod with one term: matchFields does not match, but matchExpressions matches',
    pod: withTerms({ matchFields: [name('node1')], matchExpressions: [e('foo', 'In', ['bar'])] }),
    nodeName: 'node2', labels: { foo: 'bar' }, wantNodeNames: ['node1'], wantStatus: POD },
  { name: 'Pod with one term: both matchFields and matchExpressions match',
    pod: withTerms({ matchFields: [name('node1')], matchExpressions: [e('foo', 'In', ['bar'])] }),
    nodeName: 'node1', labels: { foo: 'bar' }, wantNodeNames: ['node1'] },
  { name: 'Pod with two terms: both matchFields and matchExpressions do not match',
    pod: withTerms({ matchFields: [name('node1')] }, { matchExpressions: [e('foo', 'In', ['not-match-to-bar'])] }),
    nodeName: 'node2', labels: { foo: 'bar' }, wantStatus: POD },
  { name: 'Pod with two terms of node.Name affinity',
    pod: withTerms({ matchFields: [name('node1')] }, { matchFields: [name('node2')] }), nodeName: 'node2',
    wantNodeNames: ['node1', 'node2'] },
  { name: 'Pod with two conflicting mach field requirements',
    pod: withTerms({ matchFields: [name('node1'), name('node2')] }), nodeName: 'node2', labels: { foo: 'bar' },
    wantPreFilter: CONFLICT, wantStatus: POD },
  { name: 'Matches node selector correctly even if PreFilter is not called', pod: selector({ foo: 'bar' }),
    labels: { foo: 'bar', baz: 'blah' } },
  { name: 'Matches node affinity correctly even if PreFilter is not called',
    pod: withTerms({ matchExpressions: [e('GPU', 'Exists'), e('GPU', 'NotIn', ['AMD', 'INTER'])] }),
    labels: { GPU: 'NVIDIA-GRID-K1' } },
];

describe('TestNodeAffinity', () => {
  for (const tc of cases) {
    test(tc.name, () => {
      const ctx = cycleContext();
      const ni = new NodeInfo({
        name: tc.nodeName ?? '', labels: tc.labels ?? {}, taints: [], unschedulable: false, conditions: [],
      });
      const pre = nodeAffinity.preFilter(tc.pod, ctx, [ni]);
      if (tc.wantPreFilter === 'skip') {
        assert.equal(pre.kind, 'skip');
        return; // Filter has nothing to do with the pod: every node passes.
      }
      if (tc.wantPreFilter) {
        assert.equal(pre.kind, 'reject');
        assert.deepEqual(pre.kind === 'reject' && [pre.result.code, ...pre.result.reasons],
          ['UnschedulableAndUnresolvable', tc.wantPreFilter]);
      } else {
        assert.equal(pre.kind, 'state');
        const names = pre.kind === 'state' && pre.nodeNames ? [...pre.nodeNames].sort() : undefined;
        assert.deepEqual(names, tc.wantNodeNames);
      }
      // Upstream runs Filter after a rejecting PreFilter too, on the state PreFilter wrote before rejecting.
      const r = pre.kind === 'state'
        ? nodeAffinity.filter(pre.state, tc.pod, ni, ctx)
        : filterAfterConflict(tc.pod, ni);
      const want = tc.wantStatus ? ['UnschedulableAndUnresolvable', tc.wantStatus] : null;
      assert.deepEqual(r && [r.code, ...r.reasons], want);
    });
  }
});

/**
 * Filter with the selector a conflicting PreFilter compiled: the same terms plus one that matches no node, which
 * keeps PreFilter from narrowing (so it returns its state) without changing what matches.
 */
function filterAfterConflict(pod: SchedPod, ni: NodeInfo) {
  const ctx = cycleContext();
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const terms = required?.nodeSelectorTerms ?? [];
  const widened = withTerms(...terms, { matchExpressions: [e('never-a-label', 'Exists')] });
  const pre = nodeAffinity.preFilter(widened, ctx, []);
  assert.equal(pre.kind, 'state');
  return pre.kind === 'state' ? nodeAffinity.filter(pre.state, pod, ni, ctx) : null;
}
