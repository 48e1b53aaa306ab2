// Bad input never crashes the engine: every field of a full pod spec (and of the pods already on the node) is
// replaced, one at a time, by values of the wrong shape — what a document the API server would refuse can still
// carry into analysis — and node affinity and every Filter plugin must answer without throwing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { getRequiredNodeAffinity, newNodeSelector } from '../../../server/src/core/nodeAffinity';
import { DEFAULT_FILTER_ORDER, cycleContext, filterNode, prepareFilters } from '../../../server/src/core/scheduler/framework';
import { ClusterNodeInfos } from '../../../server/src/core/scheduler/nodeInfo';
import { nodeAffinity } from '../../../server/src/core/scheduler/plugins/nodeAffinity';
import { nodeName } from '../../../server/src/core/scheduler/plugins/nodeName';
import { nodePorts } from '../../../server/src/core/scheduler/plugins/nodePorts';
import { nodeResourcesFit } from '../../../server/src/core/scheduler/plugins/nodeResourcesFit';
import { nodeUnschedulable } from '../../../server/src/core/scheduler/plugins/nodeUnschedulable';
import { interPodAffinity, podTopologySpread } from '../../../server/src/core/scheduler/plugins/spreadAndAffinity';
import { taintToleration } from '../../../server/src/core/scheduler/plugins/taintToleration';
import type { FilterPlugin, SchedNode, SchedPod } from '../../../server/src/core/scheduler/types';

const term = { labelSelector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In',
  values: ['a'] }] }, topologyKey: 'zone', namespaces: ['default'], namespaceSelector: {}, matchLabelKeys: ['app'] };
const FULL = {
  metadata: { name: 'p', namespace: 'default', labels: { app: 'web', tier: 'a' } },
  spec: {
    nodeName: '',
    nodeSelector: { disk: 'ssd' },
    tolerations: [{ key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' }, { operator: 'Exists' }],
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [
          { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z1'] }, { key: 'n', operator: 'Gt',
            values: ['1'] }], matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }] },
        ] },
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [] } }],
      },
      podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] },
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] },
    },
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'web' } }, minDomains: 2, matchLabelKeys: ['tier'] }],
    overhead: { cpu: '10m' },
    resources: { requests: { cpu: '1' } },
    initContainers: [{ name: 'i', restartPolicy: 'Always', resources: { requests: { memory: '1Gi' } },
      ports: [{ containerPort: 1, hostPort: 81, protocol: 'UDP', hostIP: '10.0.0.1' }] }],
    containers: [{ name: 'c', resources: { requests: { cpu: '500m', 'example.com/gpu': '1' } },
      ports: [{ containerPort: 80, hostPort: 8080 }] }],
  },
};
const WRONG: unknown[] = ['text', 7, true, null, {}, { x: 1 }, [], [null], [7], ['text'], [{}]];

/** Every path of an object tree, as key lists. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof v !== 'object' || v === null) return [at];
  const out: (string | number)[][] = at.length ? [at] : [];
  for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, Array.isArray(v) ? Number(k) : k]));
  return out;
}
function withValue<T>(root: T, path: (string | number)[], value: unknown): T {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[path.at(-1)!] = value;
  return copy as T;
}

const NODE: SchedNode = {
  name: 'a', labels: { zone: 'z1', disk: 'ssd', n: '3' }, taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }],
  unschedulable: true, conditions: [], allocatable: { cpu: '2', memory: '4Gi', pods: '10', 'example.com/gpu': '1' },
};
const PLUGINS = [nodeUnschedulable, nodeName, taintToleration, nodeAffinity, nodePorts, nodeResourcesFit,
  podTopologySpread, interPodAffinity] as FilterPlugin<unknown>[];

/** Every plugin called directly (no framework guard), both as a plain pod and as a pinned daemon pod. */
function runPlugins(pod: SchedPod, running: SchedPod): void {
  const cluster = new ClusterNodeInfos();
  const ni = cluster.setNode(NODE);
  cluster.setNode({ ...NODE, name: 'b', labels: { zone: 'z2' } });
  cluster.upsertPod({ ...running, spec: { ...running.spec, nodeName: 'a' } } as SchedPod);
  for (const daemonPinnedToNode of [false, true]) {
    const ctx = cycleContext({ daemonPinnedToNode, specPath: 'spec' });
    for (const p of PLUGINS) {
      const out = p.preFilter(pod, ctx, cluster.nodes());
      if (out.kind === 'state') p.filter(out.state, pod, ni, ctx);
    }
    const outcome = filterNode(prepareFilters(pod, cluster.nodes(), { daemonPinnedToNode, allFailures: true }), ni);
    for (const r of outcome.results) {
      // A plugin may report an Error status for what it cannot parse, at a field; never a caught crash.
      assert.doesNotMatch(r.reasons.join('; '), /could not read the pod/, r.plugin);
      if (r.code === 'Error') assert.ok(r.field, `${r.plugin}: ${r.reasons.join('; ')}`);
    }
  }
}

describe('malformed pod fields never make the engine throw', () => {
  const all = paths(FULL);
  test('node affinity: every wrong shape at every field answers (a no-match or a located parse error)', () => {
    for (const path of all.filter((p) => p[0] === 'spec')) {
      for (const wrong of WRONG) {
        const spec = withValue(FULL, path, wrong).spec as SchedPod['spec'];
        const where = `${path.join('.')} = ${JSON.stringify(wrong)}`;
        assert.doesNotThrow(() => {
          const req = getRequiredNodeAffinity(spec, 'spec');
          const m = req.match({ name: 'a', labels: NODE.labels });
          assert.equal(req.matches({ name: 'a', labels: NODE.labels }), m.match);
          req.explainAffinity({ name: 'b', labels: {} });
          req.explainNodeSelector({ name: 'b', labels: {} });
          req.affinityInputs();
          newNodeSelector(spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution, 'spec');
          for (const e of req.nodeSelector?.parseErrors() ?? []) assert.match(e.field, /^spec\./, e.message);
        }, where);
      }
    }
  });

  test('every Filter plugin, on the new pod and on a pod already running on the node', () => {
    assert.equal(PLUGINS.length, DEFAULT_FILTER_ORDER.length);
    for (const path of all) {
      for (const wrong of WRONG) {
        const pod = withValue(FULL, path, wrong) as SchedPod;
        const where = `${path.join('.')} = ${JSON.stringify(wrong)}`;
        assert.doesNotThrow(() => runPlugins(pod, FULL as SchedPod), `new pod: ${where}`);
        assert.doesNotThrow(() => runPlugins(FULL as SchedPod, pod), `running pod: ${where}`);
      }
    }
  });
});
