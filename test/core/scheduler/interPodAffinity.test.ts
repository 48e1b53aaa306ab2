// InterPodAffinity Filter: the upstream tables (filtering_test.go) as data, plus the cases the tables do not reach
// (matchLabelKeys merged as kube-apiserver does, field paths, the namespace inventory being unknown).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ERR_REASON_AFFINITY_RULES_NOT_MATCH,
  ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,
  ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
  filterInterPodAffinity,
  preFilterInterPodAffinity,
} from '../../../server/src/core/scheduler/interPodAffinity';
import { makePod, snapshot, type NodeNotation, type PodSpecNotation } from './builders';

const data = JSON.parse(readFileSync(join(__dirname, 'data', 'interpodaffinity-filtering.json'), 'utf8'));

const REASONS: Record<string, string> = {
  ErrReasonExistingAntiAffinityRulesNotMatch: ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
  ErrReasonAffinityRulesNotMatch: ERR_REASON_AFFINITY_RULES_NOT_MATCH,
  ErrReasonAntiAffinityRulesNotMatch: ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,
};

interface Case {
  name: string;
  pod: PodSpecNotation;
  pods?: PodSpecNotation[];
  nodes?: NodeNotation[];
  wantPreFilter?: 'Skip' | [string, string];
  want?: (null | [string, string])[];
}

test('reason strings are the upstream constants', () => {
  assert.deepEqual(REASONS, data._reasons);
});

for (const table of ['TestRequiredAffinitySingleNode', 'TestRequiredAffinityMultipleNodes']) {
  describe(table, () => {
    const t = data[table];
    const namespaces = new Map(Object.entries(t.namespaces as Record<string, Record<string, string>>));
    for (const c of t.cases as Case[]) {
      test(c.name, () => {
        const nodes: NodeNotation[] = c.nodes ?? t.nodes;
        const views = snapshot(nodes, (c.pods ?? []).map(makePod));
        const state = preFilterInterPodAffinity(makePod(c.pod), views, { namespaces });
        if (c.wantPreFilter === 'Skip') assert.equal(state.skip, true, 'PreFilter returns Skip');
        else assert.equal(state.skip, false, 'PreFilter does not skip');
        if (Array.isArray(c.wantPreFilter)) {
          const [code, message] = c.wantPreFilter;
          assert.deepEqual([state.rejection?.code, state.rejection?.reasons], [code, [message]]);
          return;
        }
        assert.equal(state.rejection, undefined);
        const got = nodes.map((n) => {
          const r = filterInterPodAffinity(
            state,
            views.find((v) => v.node.name === n.name)!,
          );
          return r === undefined ? null : [r.code, r.reasons];
        });
        const want = (c.want ?? nodes.map(() => null)).map((w) => (w === null ? null : [w[0], [REASONS[w[1]]]]));
        assert.deepEqual(got, want);
      });
    }
  });
}

describe('InterPodAffinity beyond the upstream tables', () => {
  const nodes: NodeNotation[] = [
    { name: 'a', labels: { zone: 'z1', 'kubernetes.io/hostname': 'a' } },
    { name: 'b', labels: { zone: 'z2', 'kubernetes.io/hostname': 'b' } },
  ];

  test('matchLabelKeys is merged into the selector from the pod labels (kube-apiserver, pod creation)', () => {
    const existing = [
      makePod({ node: 'a', labels: { app: 'web', 'pod-template-hash': 'v1' } }),
      makePod({ node: 'b', labels: { app: 'web', 'pod-template-hash': 'v2' } }),
    ];
    const pod = makePod({ labels: { app: 'web', 'pod-template-hash': 'v2' } });
    pod.spec!.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: { matchLabels: { app: 'web' } },
            matchLabelKeys: ['pod-template-hash'],
            topologyKey: 'kubernetes.io/hostname',
          },
        ],
      },
    };
    const views = snapshot(nodes, existing);
    const state = preFilterInterPodAffinity(pod, views);
    // Only the pod of the same revision (v2, on b) repels the new one.
    assert.equal(filterInterPodAffinity(state, views[0]!), undefined);
    assert.equal(filterInterPodAffinity(state, views[1]!)?.reasons[0], ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH);
  });

  test('mismatchLabelKeys keeps only pods with another value of the key', () => {
    const existing = [makePod({ node: 'a', labels: { tenant: 'x' } }), makePod({ node: 'b', labels: { tenant: 'y' } })];
    const pod = makePod({ labels: { tenant: 'x' } });
    pod.spec!.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: { matchExpressions: [{ key: 'tenant', operator: 'Exists' }] },
            mismatchLabelKeys: ['tenant'],
            topologyKey: 'zone',
          },
        ],
      },
    };
    const views = snapshot(nodes, existing);
    const state = preFilterInterPodAffinity(pod, views);
    assert.equal(filterInterPodAffinity(state, views[0]!), undefined);
    assert.equal(filterInterPodAffinity(state, views[1]!)?.code, 'Unschedulable');
  });

  test("a verdict names the failing term or list, or the pod labels for an existing pod's rule", () => {
    const dbAnti = [{ in: ['app', ['web']] as [string, string[]], topologyKey: 'zone' }];
    const existing = [makePod({ node: 'a', labels: { app: 'db' }, antiAffinity: dbAnti })];
    const pod = makePod({
      labels: { app: 'web' },
      affinity: [
        { exists: 'app', topologyKey: 'zone' },
        { in: ['app', ['cache']], topologyKey: 'zone' },
      ],
    });
    const views = snapshot(nodes, [...existing, makePod({ node: 'b', labels: { app: 'cache' } })]);
    const state = preFilterInterPodAffinity(pod, views, { specPath: 'spec', labelsPath: 'metadata.labels' });
    assert.deepEqual(filterInterPodAffinity(state, views[0]!), {
      plugin: 'InterPodAffinity',
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_AFFINITY_RULES_NOT_MATCH],
      field: 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution',
    });
    const noZone = snapshot([{ name: 'c', labels: {} }], []);
    assert.equal(
      filterInterPodAffinity(preFilterInterPodAffinity(pod, noZone, { specPath: 'spec' }), noZone[0]!)?.field,
      'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]',
    );
    const antiPod = makePod({
      antiAffinity: [
        { in: ['x', ['y']], topologyKey: 'zone' },
        { exists: 'app', topologyKey: 'zone' },
      ],
    });
    assert.equal(
      filterInterPodAffinity(preFilterInterPodAffinity(antiPod, views, { specPath: 'spec' }), views[0]!)?.field,
      'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[1]',
    );
    const webPod = makePod({ labels: { app: 'web' } });
    const onlyExisting = preFilterInterPodAffinity(webPod, views, { labelsPath: 'metadata.labels' });
    assert.equal(filterInterPodAffinity(onlyExisting, views[0]!)?.field, 'metadata.labels');
    assert.equal(filterInterPodAffinity(onlyExisting, views[1]!), undefined);
  });

  test('a namespaceSelector without a namespace inventory selects no namespace, and says so', () => {
    const existing = [makePod({ node: 'a', namespace: 'other', labels: { app: 'web' } })];
    const pod = makePod({ namespace: 'mine' });
    pod.spec!.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: { matchLabels: { app: 'web' } },
            namespaceSelector: { matchLabels: { team: 't' } },
            topologyKey: 'zone',
          },
        ],
      },
    };
    const views = snapshot(nodes, existing);
    const unknown = preFilterInterPodAffinity(pod, views);
    assert.equal(unknown.namespacesUnknown, true);
    assert.equal(filterInterPodAffinity(unknown, views[0]!), undefined);
    const known = preFilterInterPodAffinity(pod, views, { namespaces: new Map([['other', { team: 't' }]]) });
    assert.equal(known.namespacesUnknown, false);
    assert.equal(filterInterPodAffinity(known, views[0]!)?.code, 'Unschedulable');
  });

  test('an existing pod whose anti-affinity does not parse contributes no term, as its PodInfo keeps none', () => {
    const bad = makePod({ node: 'a', antiAffinity: [{ in: ['app', ['not valid!']], topologyKey: 'zone' }] });
    const views = snapshot(nodes, [bad]);
    const state = preFilterInterPodAffinity(makePod({ labels: { app: 'not valid!' } }), views);
    assert.equal(state.skip, true);
  });
});
