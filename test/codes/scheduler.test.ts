// The scheduler family of the registry: one code per Filter plugin the engine runs, and message builders that
// yield exactly the reason strings the ported plugins (core/scheduler/) return.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SCHEDULER_REASONS, codeEntry, noteIdForCode, schedulerMessage } from '../../server/src/codes/index';
import { DEFAULT_FILTER_ORDER, filterNode, prepareFilters } from '../../server/src/core/scheduler/framework';
import { NodeInfo, newPodInfo } from '../../server/src/core/scheduler/nodeInfo';
import * as nodeName from '../../server/src/core/scheduler/plugins/nodeName';
import * as nodeUnschedulable from '../../server/src/core/scheduler/plugins/nodeUnschedulable';
import * as taintToleration from '../../server/src/core/scheduler/plugins/taintToleration';
import * as nodeAffinity from '../../server/src/core/scheduler/plugins/nodeAffinity';
import * as nodePorts from '../../server/src/core/scheduler/plugins/nodePorts';
import * as nodeResourcesFit from '../../server/src/core/scheduler/plugins/nodeResourcesFit';
import * as spread from '../../server/src/core/scheduler/podTopologySpread';
import * as interPod from '../../server/src/core/scheduler/interPodAffinity';
import type { SchedNode, SchedPod } from '../../server/src/core/scheduler/types';

describe('scheduler reason codes', () => {
  test('one code per Filter plugin of the default order, and no other', () => {
    assert.deepEqual(Object.keys(SCHEDULER_REASONS).sort(), [...DEFAULT_FILTER_ORDER].sort());
    for (const plugin of DEFAULT_FILTER_ORDER) {
      assert.equal(codeEntry(plugin)?.severity, 'reason', plugin);
      assert.match(noteIdForCode(plugin) ?? '', /^sched-/, plugin);
    }
  });

  test('the builders yield the ported plugins\' reason strings', () => {
    assert.equal(schedulerMessage.nodeUnschedulable(), nodeUnschedulable.ERR_REASON_UNSCHEDULABLE);
    assert.equal(schedulerMessage.nodeName(), nodeName.ERR_REASON_NODE_NAME);
    assert.equal(schedulerMessage.taintToleration(), taintToleration.ERR_REASON_UNTOLERATED);
    assert.equal(schedulerMessage.nodeAffinity(), nodeAffinity.ERR_REASON_POD);
    assert.equal(schedulerMessage.nodeAffinity(true), nodeAffinity.ERR_REASON_CONFLICT);
    assert.equal(schedulerMessage.nodePorts(), nodePorts.ERR_REASON_PORTS);
    assert.equal(schedulerMessage.nodeResourcesFit('pods'), nodeResourcesFit.ERR_REASON_TOO_MANY_PODS);
    assert.equal(schedulerMessage.podTopologySpread(), spread.ERR_REASON_CONSTRAINTS_NOT_MATCH);
    assert.equal(schedulerMessage.podTopologySpread(true), spread.ERR_REASON_NODE_LABEL_NOT_MATCH);
    assert.equal(schedulerMessage.interPodAffinity('affinity'), interPod.ERR_REASON_AFFINITY_RULES_NOT_MATCH);
    assert.equal(schedulerMessage.interPodAffinity('antiAffinity'), interPod.ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH);
    assert.equal(schedulerMessage.interPodAffinity('existingAntiAffinity'),
      interPod.ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH);
  });

  test('NodeResourcesFit on a full node: each reason is what the builder writes for its resource', () => {
    const node: SchedNode = {
      name: 'n1', labels: {}, taints: [], unschedulable: false, conditions: [],
      allocatable: { pods: '1', cpu: '1', memory: '1Gi', 'example.com/gpu': '1' },
    };
    const ni = new NodeInfo(node);
    ni.addPodInfo(newPodInfo({
      metadata: { name: 'running', namespace: 'default' },
      spec: { nodeName: 'n1', containers: [{ resources: { requests: { cpu: '800m' } } }] },
    }));
    const pod: SchedPod = {
      metadata: { name: 'new', namespace: 'default' },
      spec: { containers: [{ resources: { requests: { cpu: '500m', memory: '512Mi', 'example.com/gpu': '2' } } }] },
    };
    const out = filterNode(prepareFilters(pod, [ni], { plugins: ['NodeResourcesFit'] }), ni);
    assert.equal(out.feasible, false);
    assert.deepEqual(out.results[0]?.reasons,
      ['pods', 'cpu', 'example.com/gpu'].map((r) => schedulerMessage.nodeResourcesFit(r)));
    assert.equal(schedulerMessage.wouldBePending(out.results[0]!.reasons[1]!), 'created, then Pending: Insufficient cpu');
  });
});
