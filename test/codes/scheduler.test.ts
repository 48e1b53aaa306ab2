// The scheduler family of the registry: one code per reason string the Filter plugins (and the framework around them)
// return; builders that yield exactly the ported plugins' strings; and the lookup from a FilterResult's plugin and
// reason string back to its code, checked on reasons the engine really produces.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SCHEDULER_REASONS, codeEntry, noteIdForCode, schedulerMessage, schedulerReasonCode,
} from '../../server/src/codes/index';
import { DEFAULT_FILTER_ORDER, filterNode, prepareFilters, registerFilterPlugin } from
  '../../server/src/core/scheduler/framework';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import * as nodeName from '../../server/src/core/scheduler/plugins/nodeName';
import * as nodeUnschedulable from '../../server/src/core/scheduler/plugins/nodeUnschedulable';
import * as taintToleration from '../../server/src/core/scheduler/plugins/taintToleration';
import * as nodeAffinity from '../../server/src/core/scheduler/plugins/nodeAffinity';
import * as nodePorts from '../../server/src/core/scheduler/plugins/nodePorts';
import * as nodeResourcesFit from '../../server/src/core/scheduler/plugins/nodeResourcesFit';
import * as spread from '../../server/src/core/scheduler/podTopologySpread';
import * as interPod from '../../server/src/core/scheduler/interPodAffinity';
import type { FilterOptions, SchedNode, SchedPod } from '../../server/src/core/scheduler/types';

type Code = keyof typeof SCHEDULER_REASONS;
const FRAMEWORK: readonly Code[] = ['PreFilterNoCommonNode', 'PreFilterNodeLeftOut', 'FilterError'];

describe('scheduler reason codes', () => {
  test('each plugin of the default order has its main reason under its own name; the rest are Plugin.What', () => {
    for (const plugin of DEFAULT_FILTER_ORDER) {
      assert.equal(codeEntry(plugin)?.severity, 'reason', plugin);
      assert.match(noteIdForCode(plugin) ?? '', /^sched-/, plugin);
    }
    for (const code of Object.keys(SCHEDULER_REASONS) as Code[]) {
      if (FRAMEWORK.includes(code)) continue;
      const [plugin, what] = code.split('.');
      assert.ok(DEFAULT_FILTER_ORDER.includes(plugin as never), code);
      if (what !== undefined) assert.match(what, /^[A-Z][A-Za-z]+$/, code);
      // A plugin's reasons share its note.
      assert.equal(noteIdForCode(code), noteIdForCode(plugin!), code);
    }
  });

  test('the builders yield the ported plugins\' reason strings', () => {
    assert.equal(schedulerMessage.nodeUnschedulable(), nodeUnschedulable.ERR_REASON_UNSCHEDULABLE);
    assert.equal(schedulerMessage.nodeName(), nodeName.ERR_REASON_NODE_NAME);
    assert.equal(schedulerMessage.taintToleration(), taintToleration.ERR_REASON_UNTOLERATED);
    assert.equal(schedulerMessage.nodeAffinity(), nodeAffinity.ERR_REASON_POD);
    assert.equal(schedulerMessage.nodeAffinityTermsConflict(), nodeAffinity.ERR_REASON_CONFLICT);
    assert.equal(schedulerMessage.nodePorts(), nodePorts.ERR_REASON_PORTS);
    assert.equal(schedulerMessage.tooManyPods(), nodeResourcesFit.ERR_REASON_TOO_MANY_PODS);
    assert.equal(schedulerMessage.sidecarsDisabled(), nodeResourcesFit.ERR_REASON_SIDECARS_DISABLED);
    assert.equal(schedulerMessage.podTopologySpread(), spread.ERR_REASON_CONSTRAINTS_NOT_MATCH);
    assert.equal(schedulerMessage.podTopologySpreadMissingLabel(), spread.ERR_REASON_NODE_LABEL_NOT_MATCH);
    assert.equal(schedulerMessage.podAffinity(), interPod.ERR_REASON_AFFINITY_RULES_NOT_MATCH);
    assert.equal(schedulerMessage.podAntiAffinity(), interPod.ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH);
    assert.equal(schedulerMessage.existingAntiAffinity(), interPod.ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH);
    assert.equal(schedulerMessage.preFilterNoCommonNode(['NodeAffinity']), "node(s) didn't satisfy plugin NodeAffinity");
    assert.equal(schedulerMessage.preFilterNoCommonNode(['NodeAffinity', 'VolumeBinding']),
      "node(s) didn't satisfy plugin(s) [NodeAffinity VolumeBinding] simultaneously");
    assert.equal(schedulerMessage.preFilterNodeLeftOut(['NodeAffinity']), "node(s) didn't satisfy plugin(s) [NodeAffinity]");
  });

  test('every entry\'s example is looked up as its own code', () => {
    for (const [code, e] of Object.entries(SCHEDULER_REASONS) as [Code, { message: { example: string } }][]) {
      const plugin = FRAMEWORK.includes(code) ? 'NodePorts' : code.split('.')[0]!;
      assert.equal(schedulerReasonCode(plugin, e.message.example), code, e.message.example);
    }
  });

  test('a string the registry does not know links to its plugin\'s main code; an unknown plugin to nothing', () => {
    assert.equal(schedulerReasonCode('NodeResourcesFit', 'something new'), 'NodeResourcesFit');
    assert.equal(schedulerReasonCode('VolumeBinding', "node(s) didn't find available persistent volumes"), undefined);
  });
});

// ---------- every code, from a result the engine really produces ----------

const node = (name: string, over: Partial<SchedNode> = {}): SchedNode => ({
  name, labels: { 'kubernetes.io/hostname': name, zone: 'z1' }, taints: [], unschedulable: false, conditions: [],
  allocatable: { cpu: '1', memory: '1Gi', pods: '2', 'example.com/gpu': '1' }, ...over,
});
const running = (name: string, nodeName: string, spec: SchedPod['spec'], labels = { app: 'db' }): SchedPod => ({
  metadata: { name, namespace: 'default', labels }, spec: { ...spec, nodeName },
});
const anti = (app: string, topologyKey = 'kubernetes.io/hostname') => ({
  requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey }],
});

/** The (plugin, reason) pairs the engine returns for `pod` on every node of a small cluster. */
function reasonsOf(pod: SchedPod, opts: FilterOptions = {}, nodes = [node('a'), node('b')], pods: SchedPod[] = []) {
  const cluster = new ClusterNodeInfos();
  for (const n of nodes) cluster.setNode(n);
  for (const p of pods) cluster.upsertPod(p);
  const prepared = prepareFilters({ metadata: { namespace: 'default', ...pod.metadata }, spec: pod.spec },
    cluster.nodes(), { allFailures: true, ...opts });
  return cluster.nodes().flatMap((n) => filterNode(prepared, n).results)
    .flatMap((r) => r.reasons.map((message) => ({ plugin: r.plugin, message })));
}

const SCENARIOS: { code: Code; reasons: () => { plugin: string; message: string }[] }[] = [
  { code: 'NodeUnschedulable', reasons: () => reasonsOf({}, {}, [node('a', { unschedulable: true })]) },
  { code: 'NodeName', reasons: () => reasonsOf({ spec: { nodeName: 'b' } }) },
  { code: 'TaintToleration', reasons: () => reasonsOf({}, {}, [node('a', { taints: [{ key: 'k', effect: 'NoSchedule' }] })]) },
  { code: 'NodeAffinity', reasons: () => reasonsOf({ spec: { nodeSelector: { disk: 'ssd' } } }) },
  { code: 'NodeAffinity.TermsConflict', reasons: () => reasonsOf({ spec: { affinity: { nodeAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [
      { key: 'metadata.name', operator: 'In', values: ['a'] }, { key: 'metadata.name', operator: 'In', values: ['b'] },
    ] }] } } } } }) },
  { code: 'PreFilterNodeLeftOut', reasons: () => reasonsOf({ spec: { affinity: { nodeAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [
      { key: 'metadata.name', operator: 'In', values: ['a'] }] }] } } } } }) },
  { code: 'NodePorts', reasons: () => reasonsOf({ spec: { containers: [{ ports: [{ containerPort: 1, hostPort: 9100 }] }] } },
    {}, [node('a')], [running('x', 'a', { containers: [{ ports: [{ containerPort: 1, hostPort: 9100 }] }] })]) },
  { code: 'NodeResourcesFit', reasons: () => reasonsOf({ spec: { containers: [{ resources: { requests: {
    cpu: '2', memory: '2Gi', 'example.com/gpu': '2' } } }] } }) },
  { code: 'NodeResourcesFit.TooManyPods', reasons: () => reasonsOf({}, {}, [node('a')],
    [running('x', 'a', {}), running('y', 'a', {})]) },
  { code: 'NodeResourcesFit.SidecarsDisabled', reasons: () => reasonsOf({ spec: { initContainers: [
    { name: 's', restartPolicy: 'Always' }] } }, { enableSidecarContainers: false }) },
  { code: 'PodTopologySpread', reasons: () => reasonsOf({ metadata: { labels: { app: 'web' } }, spec: {
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'web' } } }] } },
  {}, [node('a'), node('b', { labels: { zone: 'z2' } })],
  [running('w1', 'a', {}, { app: 'web' }), running('w2', 'a', {}, { app: 'web' })]) },
  { code: 'PodTopologySpread.MissingLabel', reasons: () => reasonsOf({ spec: { topologySpreadConstraints: [
    { maxSkew: 1, topologyKey: 'rack', whenUnsatisfiable: 'DoNotSchedule', labelSelector: {} }] } }) },
  { code: 'PodTopologySpread.Constraints', reasons: () => reasonsOf({ spec: { topologySpreadConstraints: [
    { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchExpressions: [{ key: 'app', operator: 'Bogus' }] } }] } }) },
  { code: 'InterPodAffinity', reasons: () => reasonsOf({ spec: { affinity: { podAffinity: anti('db') } } },
    {}, [node('a'), node('b', { labels: {} })], [running('d', 'a', {})]) },
  { code: 'InterPodAffinity.AntiAffinity', reasons: () => reasonsOf({ spec: { affinity: { podAntiAffinity: anti('db') } } },
    {}, [node('a')], [running('d', 'a', {})]) },
  { code: 'InterPodAffinity.ExistingAntiAffinity', reasons: () => reasonsOf({ metadata: { labels: { app: 'web' } } },
    {}, [node('a')], [running('d', 'a', { affinity: { podAntiAffinity: anti('web') } })]) },
  { code: 'InterPodAffinity.ParsePod', reasons: () => reasonsOf({ spec: { affinity: { podAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchExpressions: [
      { key: 'app', operator: 'Bogus' }] }, topologyKey: 'zone' }] } } } }) },
];

describe('the lookup on reasons the engine returns', () => {
  for (const s of SCENARIOS) {
    test(s.code, () => {
      const got = s.reasons();
      assert.ok(got.length > 0, 'the scenario produces a reason');
      const codes = got.map((r) => schedulerReasonCode(r.plugin, r.message));
      assert.ok(codes.includes(s.code), `${s.code} among ${JSON.stringify(got)}`);
      for (const [i, c] of codes.entries()) {
        assert.ok(c, JSON.stringify(got[i]));
        assert.ok(Object.hasOwn(SCHEDULER_REASONS, c), c);
      }
    });
  }

  test('NodeResourcesFit: one code for every resource; each reason is what the builder writes for it', () => {
    const got = SCENARIOS.find((s) => s.code === 'NodeResourcesFit')!.reasons().map((r) => r.message);
    assert.deepEqual(got.slice(0, 3), ['cpu', 'memory', 'example.com/gpu'].map((r) => schedulerMessage.insufficient(r)));
    assert.equal(schedulerMessage.wouldBePending(got[0]!), 'created, then Pending: Insufficient cpu');
  });

  test('PreFilterNoCommonNode and FilterError (a plugin narrowing to no node; a plugin that throws)', () => {
    const real = nodeName.nodeName;
    registerFilterPlugin({ ...real, preFilter: () => ({ kind: 'state', state: null, nodeNames: new Set<string>() }) });
    try {
      const got = reasonsOf({});
      assert.deepEqual(got[0], { plugin: 'NodeName', message: "node(s) didn't satisfy plugin NodeName" });
      assert.equal(schedulerReasonCode(got[0]!.plugin, got[0]!.message), 'PreFilterNoCommonNode');
      registerFilterPlugin({ ...real, preFilter: () => { throw new TypeError('boom'); } });
      const err = reasonsOf({})[0]!;
      assert.equal(err.message, 'NodeName could not read the pod: boom');
      assert.equal(schedulerReasonCode(err.plugin, err.message), 'FilterError');
    } finally {
      registerFilterPlugin(real);
    }
  });

  test('every code of the family is reached by a scenario above', () => {
    const reached = new Set<string>([...SCENARIOS.map((s) => s.code), 'PreFilterNoCommonNode', 'FilterError']);
    assert.deepEqual(Object.keys(SCHEDULER_REASONS).filter((c) => !reached.has(c)), []);
  });
});
