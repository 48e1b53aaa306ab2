// PodTopologySpread Filter: the upstream tables (filtering_test.go) as data, plus what they leave out (matchLabelKeys,
// field paths, a selector that does not parse, ScheduleAnyway-only pods).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ERR_REASON_CONSTRAINTS_NOT_MATCH,
  ERR_REASON_NODE_LABEL_NOT_MATCH,
  filterPodTopologySpread,
  preFilterPodTopologySpread,
} from '../../../server/src/core/scheduler/podTopologySpread';
import type { LabelSelector } from '../../../server/src/core/types';
import { makePod, snapshot, type NodeNotation, type PodSpecNotation, type SpreadSpec } from './builders';

const data = JSON.parse(readFileSync(join(__dirname, 'data', 'podtopologyspread-filtering.json'), 'utf8'));

/** Strings starting with `_` name shared fixtures of the data file (nodes, pods, taints, selectors). */
function resolve<T>(v: T | string): T {
  return typeof v === 'string' && v.startsWith('_') ? (data[v] as T) : (v as T);
}

interface Case {
  name: string;
  pod: PodSpecNotation & { spread: (Omit<SpreadSpec, 3> & unknown[])[] };
  nodes: NodeNotation[] | string;
  pods?: PodSpecNotation[] | string;
  want: Record<string, string>;
}

function podOf(p: Case['pod']) {
  const spread = p.spread.map((s) => {
    const copy = [...s] as unknown[];
    copy[3] = copy[3] === null ? null : data._selectors[copy[3] as string];
    return copy as SpreadSpec;
  });
  return makePod({ ...p, spread });
}

test('reason strings are the upstream constants', () => {
  assert.deepEqual(
    {
      ErrReasonConstraintsNotMatch: ERR_REASON_CONSTRAINTS_NOT_MATCH,
      ErrReasonNodeLabelNotMatch: ERR_REASON_NODE_LABEL_NOT_MATCH,
    },
    data._reasons,
  );
});

for (const table of ['TestSingleConstraint', 'TestMultipleConstraints']) {
  describe(table, () => {
    for (const c of data[table] as Case[]) {
      test(c.name, () => {
        const nodes = resolve<NodeNotation[]>(c.nodes).map((n) => ({
          ...n,
          taints: n.taints ? resolve(n.taints) : undefined,
        }));
        const views = snapshot(nodes, resolve<PodSpecNotation[]>(c.pods ?? []).map(makePod));
        const state = preFilterPodTopologySpread(podOf(c.pod), views);
        assert.equal(state.skip, false);
        assert.equal(state.rejection, undefined);
        const got: Record<string, string> = {};
        for (const n of nodes) {
          const r = filterPodTopologySpread(
            state,
            views.find((v) => v.node.name === n.name)!,
          );
          got[n.name] = r === undefined ? 'Success' : r.code;
          if (r !== undefined) {
            const missing = r.code === 'UnschedulableAndUnresolvable';
            assert.deepEqual(r.reasons, [missing ? ERR_REASON_NODE_LABEL_NOT_MATCH : ERR_REASON_CONSTRAINTS_NOT_MATCH]);
          }
        }
        assert.deepEqual(got, c.want);
      });
    }
  });
}

describe('PodTopologySpread beyond the upstream tables', () => {
  const nodes: NodeNotation[] = [
    { name: 'a', labels: { zone: 'z1' } },
    { name: 'b', labels: { zone: 'z2' } },
  ];
  const foo = { matchLabels: { app: 'web' } };
  /** One constraint on `zone` with maxSkew 1 (the upstream SpreadConstraint arguments). */
  const zone = (mode: string, selector: LabelSelector, keys: string[] | null = null): SpreadSpec => [
    1,
    'zone',
    mode,
    selector,
    null,
    null,
    null,
    keys,
  ];

  test("matchLabelKeys narrows the selector to the pod's own value (only the same revision counts)", () => {
    const existing = [
      makePod({ node: 'a', labels: { app: 'web', rev: 'old' } }),
      makePod({ node: 'a', labels: { app: 'web', rev: 'old' } }),
      makePod({ node: 'b', labels: { app: 'web', rev: 'new' } }),
    ];
    const views = snapshot(nodes, existing);
    const labels = { app: 'web', rev: 'new' };
    const without = preFilterPodTopologySpread(makePod({ labels, spread: [zone('DoNotSchedule', foo)] }), views);
    // Counting every app=web pod (2/1): a is the crowded zone.
    assert.equal(filterPodTopologySpread(without, views[0]!)?.code, 'Unschedulable');
    assert.equal(filterPodTopologySpread(without, views[1]!), undefined);
    const withKeys = preFilterPodTopologySpread(
      makePod({ labels, spread: [zone('DoNotSchedule', foo, ['rev'])] }),
      views,
    );
    // Counting only rev=new: a has 0, b has 1, so a fits and b does not.
    assert.equal(filterPodTopologySpread(withKeys, views[0]!), undefined);
    assert.equal(filterPodTopologySpread(withKeys, views[1]!)?.code, 'Unschedulable');
  });

  test('verdicts name the constraint by its index in the pod spec (ScheduleAnyway ones included)', () => {
    const views = snapshot([...nodes, { name: 'c', labels: {} }], [makePod({ node: 'a', labels: { app: 'web' } })]);
    const pod = makePod({
      labels: { app: 'web' },
      spread: [zone('ScheduleAnyway', foo), zone('DoNotSchedule', foo)],
    });
    const state = preFilterPodTopologySpread(pod, views, { specPath: 'spec' });
    assert.deepEqual(filterPodTopologySpread(state, views[0]!), {
      plugin: 'PodTopologySpread',
      code: 'Unschedulable',
      reasons: [ERR_REASON_CONSTRAINTS_NOT_MATCH],
      field: 'spec.topologySpreadConstraints[1]',
    });
    assert.equal(filterPodTopologySpread(state, views[2]!)?.reasons[0], ERR_REASON_NODE_LABEL_NOT_MATCH);
  });

  test('a pod with only ScheduleAnyway constraints, or none, is skipped (system defaults never filter)', () => {
    const views = snapshot(nodes, []);
    assert.equal(preFilterPodTopologySpread(makePod({}), views).skip, true);
    const soft = makePod({ spread: [zone('ScheduleAnyway', foo)] });
    assert.equal(preFilterPodTopologySpread(soft, views).skip, true);
    const unlabeled = { node: { name: 'x', labels: {}, taints: [], unschedulable: false, conditions: [] }, pods: [] };
    assert.equal(filterPodTopologySpread(preFilterPodTopologySpread(soft, views), unlabeled), undefined);
  });

  test('a labelSelector that does not parse fails PreFilter with the upstream error on every node', () => {
    const bad = makePod({ spread: [zone('DoNotSchedule', { matchLabels: { app: 'not valid!' } })] });
    const views = snapshot(nodes, []);
    const state = preFilterPodTopologySpread(bad, views);
    const r = filterPodTopologySpread(state, views[0]!);
    assert.equal(r?.code, 'Error');
    const prefix = "get constraints from pod: obtaining pod's hard topology spread constraints: ";
    assert.ok(r!.reasons[0]!.startsWith(`${prefix}values[0][app]: Invalid value: "not valid!"`), r!.reasons[0]);
  });

  test('an empty labelSelector counts no pod (countPodsMatchSelector returns 0 for an Empty selector)', () => {
    const web = { app: 'web' };
    const views = snapshot(nodes, [makePod({ node: 'a', labels: web }), makePod({ node: 'a', labels: web })]);
    const state = preFilterPodTopologySpread(makePod({ labels: web, spread: [zone('DoNotSchedule', {})] }), views);
    assert.equal(filterPodTopologySpread(state, views[0]!), undefined);
  });

  describe('a DaemonSet pod, pinned to its node (ReplaceDaemonSetPodNodeNameNodeAffinity)', () => {
    const hosts: NodeNotation[] = ['a', 'b', 'c'].map((n) => ({ name: n, labels: { host: n, zone: 'z1' } }));
    const ds = { app: 'agent' };
    // Two agents already on a, none elsewhere: spread by host with maxSkew 1.
    const existing = [makePod({ node: 'a', labels: ds }), makePod({ node: 'a', labels: ds })];
    const byHost = (minDomains: number | null, affinityPolicy: string | null): SpreadSpec => [
      1,
      'host',
      'DoNotSchedule',
      { matchLabels: ds },
      minDomains,
      affinityPolicy,
      null,
      null,
    ];
    const verdicts = (spread: SpreadSpec, pinned: boolean) => {
      const views = snapshot(hosts, existing);
      const state = preFilterPodTopologySpread(makePod({ labels: ds, spread: [spread] }), views, {
        daemonPinnedToNode: pinned,
      });
      return views.map((v) => filterPodTopologySpread(state, v)?.code ?? 'Success');
    };

    test('with nodeAffinityPolicy Honor each daemon pod sees only its own node as a domain', () => {
      assert.deepEqual(verdicts(byHost(null, null), false), ['Unschedulable', 'Success', 'Success']);
      assert.deepEqual(verdicts(byHost(null, null), true), ['Success', 'Success', 'Success']);
    });

    test('minDomains above one then makes the global minimum 0 on every node', () => {
      // a: 2 + 1 - 0 > 1; b and c: 0 + 1 - 0.
      assert.deepEqual(verdicts(byHost(2, null), true), ['Unschedulable', 'Success', 'Success']);
    });

    test('with nodeAffinityPolicy Ignore every node counts, pinned or not', () => {
      assert.deepEqual(verdicts(byHost(null, 'Ignore'), true), ['Unschedulable', 'Success', 'Success']);
    });

    test("the daemon pod's nodeSelector still decides whether its node is a domain", () => {
      const views = snapshot(hosts, existing);
      const pod = makePod({ labels: ds, nodeSelector: { host: 'b' }, spread: [byHost(2, null)] });
      const state = preFilterPodTopologySpread(pod, views, { daemonPinnedToNode: true });
      // a is no eligible domain: 0 + 1 - 0 passes although two agents run there.
      assert.equal(filterPodTopologySpread(state, views[0]!), undefined);
    });
  });
});
