// What a real manifest must not be told, and what it must: removed API versions are errors naming the
// replacement and the release; no warning where the spec is already right; one error per mistake; insights that
// describe the inventory only when there is one, naming it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/index';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { removedApiVersions } from '../../server/src/core/validation/apiVersions';
import type { AnalysisContext, Problem } from '../../server/src/analysis/types';

const ctx: AnalysisContext = { nodes: sampleClusterNodes(), gates: DEFAULT_FEATURE_GATES, insights: true, inventoryLabel: 'the sample cluster' };

function problems(text: string, over: Partial<AnalysisContext> = {}): Problem[] {
  return analyzeText(text, { ...ctx, ...over }).documents.flatMap((d) => d.problems);
}

function ds(spec: string, apiVersion = 'apps/v1', kind = 'DaemonSet'): string {
  return `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels: {app: agent}\n` +
    `  template:\n    metadata:\n      labels: {app: agent}\n    spec:\n      containers: [{name: c, image: i}]\n${spec}`;
}

describe('removed API versions', () => {
  // [apiVersion, kind, replacement, release that stopped serving it] — the migration guide's v1.16 and v1.25 lists.
  const CASES: [string, string, string, string][] = [
    ['extensions/v1beta1', 'DaemonSet', 'apps/v1', 'v1.16'],
    ['apps/v1beta2', 'DaemonSet', 'apps/v1', 'v1.16'],
    ['extensions/v1beta1', 'Deployment', 'apps/v1', 'v1.16'],
    ['apps/v1beta1', 'Deployment', 'apps/v1', 'v1.16'],
    ['apps/v1beta2', 'Deployment', 'apps/v1', 'v1.16'],
    ['apps/v1beta1', 'StatefulSet', 'apps/v1', 'v1.16'],
    ['apps/v1beta2', 'StatefulSet', 'apps/v1', 'v1.16'],
    ['extensions/v1beta1', 'ReplicaSet', 'apps/v1', 'v1.16'],
    ['apps/v1beta2', 'ReplicaSet', 'apps/v1', 'v1.16'],
    ['batch/v1beta1', 'CronJob', 'batch/v1', 'v1.25'],
  ];
  for (const [apiVersion, kind, replacement, release] of CASES) {
    test(`${kind} ${apiVersion}: an error on apiVersion naming ${replacement} and ${release}`, () => {
      const text = ds('', apiVersion, kind);
      const p = problems(text);
      assert.equal(p.length, 1, JSON.stringify(p));
      assert.equal(p[0]!.code, 'kce.removedApiVersion');
      assert.equal(p[0]!.severity, 'error');
      assert.equal(p[0]!.field, 'apiVersion');
      assert.equal(text.slice(...p[0]!.range), apiVersion);
      assert.equal(p[0]!.message,
        `${kind} in ${apiVersion} is not served since Kubernetes ${release}: use apiVersion: ${replacement} ` +
        `(kubectl apply fails with: no matches for kind "${kind}" in version "${apiVersion}")`);
    });
  }

  test('every table entry is a kind this product checks in its served version', () => {
    for (const r of removedApiVersions()) {
      const served = problems(ds('', r.replacement, r.kind));
      assert.ok(!served.some((p) => p.code === 'kce.removedApiVersion'), `${r.replacement} ${r.kind}`);
    }
  });

  test('served versions and other kinds are left alone', () => {
    assert.deepEqual(problems(ds('')), []);
    assert.ok(!problems('apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: x}\n').some((p) => p.code === 'kce.removedApiVersion'));
  });
});

describe('noise', () => {
  const MASTER = '      tolerations:\n      - key: node-role.kubernetes.io/master\n        effect: NoSchedule\n';
  test('kce.deprecatedMasterToleration only when control-plane is not tolerated as well', () => {
    assert.ok(problems(ds(MASTER)).some((p) => p.code === 'kce.deprecatedMasterToleration'));
    const both = MASTER + '      - key: node-role.kubernetes.io/control-plane\n        operator: Exists\n        effect: NoSchedule\n';
    assert.deepEqual(problems(ds(both)).map((p) => p.code), []);
    const blanket = MASTER + '      - operator: Exists\n';
    assert.deepEqual(problems(ds(blanket)).map((p) => p.code), ['kce.blanketToleration']);
  });

  test('kce.blanketToleration does not say drains use NoExecute', () => {
    const p = problems(ds('      tolerations:\n      - operator: Exists\n')).find((x) => x.code === 'kce.blanketToleration')!;
    assert.doesNotMatch(p.message, /drain/);
    assert.match(p.message, /no NoExecute taint evicts the pod \(not even not-ready or unreachable on a failing node\)/);
  });

  test('kce.blanketToleration says what its effect lets through (NoExecute only: no claim about control-plane nodes)', () => {
    const msg = (effect: string) =>
      problems(ds(`      tolerations:\n      - operator: Exists\n        effect: ${effect}\n`)).find((x) => x.code === 'kce.blanketToleration')!.message;
    assert.doesNotMatch(msg('NoExecute'), /control-plane/);
    assert.match(msg('NoExecute'), /no NoExecute taint evicts the pod/);
    assert.match(msg('NoSchedule'), /runs on control-plane and dedicated nodes/);
    assert.doesNotMatch(msg('NoSchedule'), /evicts/);
  });

  test('kce.deprecatedMasterToleration counts control-plane nodes only when an inventory was given', () => {
    const withInventory = problems(ds(MASTER)).find((p) => p.code === 'kce.deprecatedMasterToleration')!;
    assert.match(withInventory.message, /nodes? in the sample cluster carr/);
    const without = problems(ds(MASTER), { inventoryInsights: false }).find((p) => p.code === 'kce.deprecatedMasterToleration')!;
    assert.doesNotMatch(without.message, /sample cluster/);
  });

  test('value: ~ is null in YAML 1.2 too: no YAML 1.1 trap', () => {
    for (const v of ['~', 'null', 'Null', 'NULL']) {
      const p = problems(ds(`      tolerations:\n      - key: dedicated\n        operator: Equal\n        value: ${v}\n        effect: NoSchedule\n`));
      assert.ok(!p.some((x) => x.code === 'kce.yaml11Scalar' || /YAML 1\.1/.test(x.message)), `${v}: ${JSON.stringify(p)}`);
    }
  });

  test('an unquoted 0123 where a string belongs: one error, not two', () => {
    const p = problems(ds('      nodeSelector:\n        zone: 0123\n'), { inventoryInsights: false });
    assert.deepEqual(p.map((x) => [x.code, x.field]), [['kce.yaml11Scalar', 'spec.template.spec.nodeSelector[zone]']]);
    // A mismatch the trap does not cover is still reported.
    const other = problems(ds('      nodeSelector:\n        zone: [a]\n'), { inventoryInsights: false });
    assert.deepEqual(other.map((x) => x.code), ['kce.typeMismatch']);
  });
});

describe('inventory-dependent insights', () => {
  const SPEC = '      nodeSelector: {disktype: nvme}\n      tolerations:\n      - key: example.com/no-such-taint\n        operator: Exists\n' +
    '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n' +
    '            - matchExpressions: [{key: kubernetes.io/os, operator: In, values: [linux]}]\n' +
    '            - matchExpressions: [{key: zone, operator: In, values: [moon]}]\n';
  const DEPENDENT: string[] = ['kce.selectorMatchesNoNode', 'kce.tolerationMatchesNoTaint', 'kce.termMatchesNoNode', 'kce.runsNowhere'];

  test('with an inventory they run and name it', () => {
    const p = problems(ds(SPEC), { inventoryLabel: 'the sample cluster (cluster test unreachable)' });
    const codes: string[] = p.map((x) => x.code);
    for (const c of ['kce.selectorMatchesNoNode', 'kce.tolerationMatchesNoTaint', 'kce.termMatchesNoNode']) assert.ok(codes.includes(c), c);
    for (const x of p.filter((y) => DEPENDENT.includes(y.code))) assert.match(x.message, /the sample cluster \(cluster test unreachable\)/);
  });

  test('inventoryInsights: false leaves them all out and keeps the rest', () => {
    const p = problems(ds(SPEC + '      - operator: Exists\n'), { inventoryInsights: false });
    assert.deepEqual(p.filter((x) => DEPENDENT.includes(x.code)), []);
    const nowhere = problems(ds('      nodeName: no-such-node\n'), { inventoryInsights: false });
    assert.deepEqual(nowhere.filter((x) => DEPENDENT.includes(x.code)), []);
    assert.ok(problems(ds('      nodeName: no-such-node\n')).some((x) => x.code === 'kce.runsNowhere'));
  });
});
