// InterPodAffinity and PodTopologySpread inside the framework: registered in the default profile's order, fed by the
// per-node view (NodeInfo) and the cycle options (spec path, namespaces, a DaemonSet's pod pinned to its node).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterNode, prepareFilters } from '../../../server/src/core/scheduler/framework';
import { ClusterNodeInfos } from '../../../server/src/core/scheduler/nodeInfo';
import type { SchedNode, SchedPod } from '../../../server/src/core/scheduler/types';
import { ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH } from '../../../server/src/core/scheduler/interPodAffinity';
import { ERR_REASON_CONSTRAINTS_NOT_MATCH } from '../../../server/src/core/scheduler/podTopologySpread';

const node = (name: string, zone: string): SchedNode => ({
  name,
  labels: { 'kubernetes.io/hostname': name, zone },
  taints: [],
  unschedulable: false,
  conditions: [],
  allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
});

const bound = (name: string, nodeName: string, labels: Record<string, string>, namespace = 'default'): SchedPod => ({
  metadata: { name, namespace, labels },
  spec: { nodeName, containers: [{ name: 'c' }] },
});

function cluster(pods: SchedPod[]) {
  const infos = new ClusterNodeInfos();
  for (const n of [node('a', 'z1'), node('b', 'z1'), node('c', 'z2')]) infos.setNode(n);
  for (const p of pods) infos.upsertPod(p);
  return infos.nodes();
}

const spread = (topologyKey: string, app: string) => ({
  maxSkew: 1,
  topologyKey,
  whenUnsatisfiable: 'DoNotSchedule',
  labelSelector: { matchLabels: { app } },
});

const web = (extra: Record<string, unknown> = {}): SchedPod => ({
  metadata: { name: 'new', namespace: 'default', labels: { app: 'web' } },
  spec: { containers: [{ name: 'c' }], ...extra },
});

test('the default profile runs PodTopologySpread, then InterPodAffinity, with verdicts rooted at the spec path', () => {
  const nodes = cluster([bound('w1', 'a', { app: 'web' }), bound('w2', 'a', { app: 'web' })]);
  const pod = web({
    topologySpreadConstraints: [spread('zone', 'web')],
    affinity: {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' },
        ],
      },
    },
  });
  const prepared = prepareFilters(pod, nodes, { specPath: 'spec.template.spec' });
  assert.deepEqual(prepared.missing, []);
  const [a, b, c] = nodes.map((n) => filterNode(prepared, n));
  // a: zone z1 holds 2 (skew 2+1-0 > 1) — PodTopologySpread answers first and the framework stops there.
  assert.deepEqual(
    a!.results.map((r) => [r.plugin, r.reasons[0], r.field]),
    [['PodTopologySpread', ERR_REASON_CONSTRAINTS_NOT_MATCH, 'spec.template.spec.topologySpreadConstraints[0]']],
  );
  assert.equal(b!.results[0]?.plugin, 'PodTopologySpread');
  assert.equal(c!.feasible, true);

  const all = prepareFilters(pod, nodes, { specPath: 'spec.template.spec', allFailures: true });
  assert.deepEqual(
    filterNode(all, nodes[0]!).results.map((r) => [r.plugin, r.reasons[0], r.field]),
    [
      ['PodTopologySpread', ERR_REASON_CONSTRAINTS_NOT_MATCH, 'spec.template.spec.topologySpreadConstraints[0]'],
      [
        'InterPodAffinity',
        ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,
        'spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]',
      ],
    ],
  );
});

test('a pod with neither rule is skipped by both plugins', () => {
  const nodes = cluster([bound('w1', 'a', { app: 'web' })]);
  const prepared = prepareFilters(web(), nodes, { plugins: ['PodTopologySpread', 'InterPodAffinity'] });
  assert.equal(prepared.steps.length, 0);
  assert.equal(prepared.rejected, undefined);
});

test('the namespace inventory of the options reaches namespaceSelector', () => {
  const nodes = cluster([bound('o1', 'a', { app: 'web' }, 'other')]);
  const pod = web({
    affinity: {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: { matchLabels: { app: 'web' } },
            namespaceSelector: { matchLabels: { team: 'x' } },
            topologyKey: 'zone',
          },
        ],
      },
    },
  });
  const plugins = ['InterPodAffinity'] as const;
  const unknown = prepareFilters(pod, nodes, { plugins });
  assert.equal(filterNode(unknown, nodes[0]!).feasible, true);
  const known = prepareFilters(pod, nodes, { plugins, namespaces: new Map([['other', { team: 'x' }]]) });
  assert.deepEqual(
    nodes.map((n) => filterNode(known, n).feasible),
    [false, false, true],
  );
});

test('a DaemonSet pod pinned to its node counts only that node for a Honor spread constraint', () => {
  const nodes = cluster([bound('d1', 'a', { app: 'agent' }), bound('d2', 'a', { app: 'agent' })]);
  const pod: SchedPod = {
    metadata: { name: 'agent', namespace: 'default', labels: { app: 'agent' } },
    spec: {
      containers: [{ name: 'c' }],
      topologySpreadConstraints: [spread('kubernetes.io/hostname', 'agent')],
    },
  };
  const plugins = ['PodTopologySpread'] as const;
  const free = prepareFilters(pod, nodes, { plugins });
  assert.deepEqual(
    nodes.map((n) => filterNode(free, n).feasible),
    [false, true, true],
  );
  const pinned = prepareFilters(pod, nodes, { plugins, daemonPinnedToNode: true });
  assert.deepEqual(
    nodes.map((n) => filterNode(pinned, n).feasible),
    [true, true, true],
  );
});

test('pods added or removed after a first evaluation are counted (the namespace index follows NodeInfo)', () => {
  const infos = new ClusterNodeInfos();
  for (const n of [node('a', 'z1'), node('b', 'z2')]) infos.setNode(n);
  const pod = web({
    affinity: {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'zone' },
        ],
      },
    },
    topologySpreadConstraints: [spread('zone', 'web')],
  });
  const feasible = (plugin: 'InterPodAffinity' | 'PodTopologySpread') => {
    const prepared = prepareFilters(pod, infos.nodes(), { plugins: [plugin] });
    return infos.nodes().map((n) => filterNode(prepared, n).feasible);
  };
  assert.deepEqual(feasible('InterPodAffinity'), [true, true]);
  infos.upsertPod(bound('w1', 'a', { app: 'web' }));
  infos.upsertPod(bound('w2', 'a', { app: 'web' }));
  infos.upsertPod(bound('x1', 'b', { app: 'web' }, 'elsewhere'));
  assert.deepEqual(feasible('InterPodAffinity'), [false, true]);
  assert.deepEqual(feasible('PodTopologySpread'), [false, true]);
  infos.removePod('default/w1');
  infos.removePod('default/w2');
  assert.deepEqual(feasible('InterPodAffinity'), [true, true]);
  assert.deepEqual(feasible('PodTopologySpread'), [true, true]);
});
