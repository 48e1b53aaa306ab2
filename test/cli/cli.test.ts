// The built `kce` as a user runs it: spawned, with exit codes, stdout JSON and stderr messages.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { generateNodesJson } from '../../server/src/inventory/files/generate';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const EX = join(__dirname, '..', '..', 'examples');

function kce(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
function file(name: string, text: string | Buffer): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

before(() => {
  assert.ok(existsSync(CLI), 'dist/cli.js is built by npm test before the tests run');
  dir = mkdtempSync(join(tmpdir(), 'kce-cli-'));
});

describe('kce validate', () => {
  test('a broken DaemonSet: exit 1, API-parity errors with field, type, reason and 0-based range', () => {
    const r = kce('validate', '--format', 'json', join(EX, 'broken', 'daemonset-errors.yaml'));
    assert.equal(r.code, 1, r.stderr);
    const out = JSON.parse(r.stdout);
    const diags = out.files[0].documents[0].diagnostics;
    const effect = diags.find((d: { field: string }) => d.field === 'spec.template.spec.tolerations[0].effect');
    assert.deepEqual(effect, {
      severity: 'error',
      code: 'FieldValueNotSupported',
      field: 'spec.template.spec.tolerations[0].effect',
      type: 'Unsupported value',
      message: 'spec.template.spec.tolerations[0].effect: Unsupported value: "NoSchedul": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
      range: { start: { line: 36, character: 18 }, end: { line: 36, character: 27 } },
    });
    const selector = diags.find((d: { field: string }) => d.field === 'spec.template.metadata.labels');
    assert.equal(selector.message, 'spec.template.metadata.labels: Invalid value: {"app":"agent-v2"}: `selector` does not match template `labels`');
    assert.equal(out.summary.errors, diags.filter((d: { severity: string }) => d.severity === 'error').length);
    assert.ok(out.summary.errors >= 8);
  });

  test('valid examples: exit 0, warnings allowed', () => {
    const r = kce('validate', join(EX, 'fluent-bit.yaml'), join(EX, 'nvidia-device-plugin.yaml'));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /2 files: 0 errors/);
  });

  test('never-matching DaemonSet: warnings with stable codes and the YAML 1.1 trap as an error', () => {
    // With an inventory (here the sample cluster's own file), the checks that describe it run too.
    const withNodes = kce('validate', '--format', 'json', '--nodes', join(EX, 'sample-cluster.yaml'), join(EX, 'broken', 'daemonset-never-matches.yaml'));
    const out = JSON.parse(withNodes.stdout);
    const codes = out.files[0].documents[0].diagnostics.map((d: { code: string }) => d.code).sort();
    assert.deepEqual(codes, [
      'kce.deprecatedMasterToleration', 'kce.emptyTerm', 'kce.gtLtNotInteger', 'kce.preferredAffinityIgnored',
      'kce.selectorMatchesNoNode', 'kce.tolerationPreferNoScheduleOnly', 'kce.yaml11Scalar',
    ]);
    assert.equal(out.notes, undefined);
    assert.equal(withNodes.code, 1);
  });

  test('without --nodes or --context the inventory-dependent checks are skipped, said in one line', () => {
    const file = join(EX, 'broken', 'daemonset-never-matches.yaml');
    const out = JSON.parse(kce('validate', '--format', 'json', file).stdout);
    const codes = out.files[0].documents[0].diagnostics.map((d: { code: string }) => d.code);
    assert.ok(!codes.includes('kce.selectorMatchesNoNode'), codes.join(', '));
    assert.ok(codes.includes('kce.emptyTerm'), 'checks that hold on any cluster still run');
    assert.deepEqual(out.notes, [
      'inventory-dependent checks (selectorMatchesNoNode, tolerationMatchesNoTaint, termMatchesNoNode, runsNowhere) skipped: ' +
        'no inventory given (--nodes FILE or --context NAME)',
    ]);
    const text = kce('validate', file).stdout.split('\n');
    assert.equal(text.filter((l) => l.includes('skipped: no inventory given')).length, 1);
  });

  test('SARIF output names rules and 1-based regions', () => {
    const r = kce('validate', '--format', 'sarif', join(EX, 'broken', 'daemonset-errors.yaml'));
    const sarif = JSON.parse(r.stdout);
    assert.equal(sarif.version, '2.1.0');
    // Rules carry the registry's docs link of their code.
    const rule = sarif.runs[0].tool.driver.rules.find((x: { id: string }) => x.id === 'FieldValueNotSupported');
    assert.equal(rule?.helpUri, 'https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/status/');
    const res = sarif.runs[0].results.find((x: { ruleId: string; message: { text: string } }) => x.message.text.includes('NoSchedul"'));
    assert.equal(res.level, 'error');
    assert.equal(res.locations[0].physicalLocation.region.startLine, 37);
  });

  test('bad input: located diagnostics, never a stack trace', () => {
    const broken = file('broken.yaml', 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: x\nspec: [\n');
    const notObject = file('list.yaml', '- a\n- b\n');
    const wrongType = file('wrong.yaml', 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: x}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec:\n      tolerations: "everything"\n      containers: [{name: c, image: i}]\n');
    const bomb = file('bomb.yaml', 'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n');
    const unknown = file('crd.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 3}\n');
    const empty = file('empty.yaml', '');
    const r = kce('validate', '--format', 'json', broken, notObject, wrongType, bomb, unknown, empty);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stderr, /at .*\.js:\d+/);
    const files = JSON.parse(r.stdout).files;
    const byName = (n: string) => files.find((f: { path: string }) => f.path.endsWith(n));
    assert.ok(byName('broken.yaml').documents[0].diagnostics.some((d: { code: string }) => d.code.startsWith('yaml.')));
    const typeErr = byName('wrong.yaml').documents[0].diagnostics.find((d: { code: string }) => d.code === 'kce.typeMismatch');
    assert.equal(typeErr.field, 'spec.template.spec.tolerations');
    assert.equal(typeErr.range.start.line, 8);
    assert.ok(byName('bomb.yaml').documents[0].diagnostics.some((d: { code: string }) => d.code === 'yaml.aliasLimit'));
    assert.deepEqual(byName('crd.yaml').documents[0].diagnostics, []);
    assert.deepEqual(byName('list.yaml').documents[0].diagnostics, []);
    assert.ok(byName('empty.yaml').documents.every((d: { diagnostics: unknown[] }) => d.diagnostics.length === 0));
  });

  test('a file too large to analyse is an error diagnostic, not a crash', () => {
    const big = file('big.yaml', 'a: ' + 'x'.repeat(50 * 1024 * 1024) + '\n');
    const r = kce('validate', '--format', 'json', big);
    assert.equal(r.code, 1, r.stderr);
    const d = JSON.parse(r.stdout).files[0].documents[0].diagnostics[0];
    assert.equal(d.code, 'yaml.tooLarge');
  });

  test('usage and unreadable input exit 2 with a message on stderr', () => {
    assert.equal(kce('validate').code, 2);
    const missing = kce('validate', join(dir, 'nope.yaml'));
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no such file or folder/);
    const binary = kce('validate', file('bin.yaml', Buffer.from([0, 1, 2, 3, 0, 255])));
    assert.equal(binary.code, 2);
    assert.match(binary.stderr, /binary file/);
    const badFlag = kce('validate', '--frobnicate', join(EX, 'fluent-bit.yaml'));
    assert.equal(badFlag.code, 2);
    assert.match(badFlag.stderr, /unknown flag: --frobnicate/);
    assert.equal(kce('simulate', '--format', 'sarif', join(EX, 'fluent-bit.yaml')).code, 2);
    const gate = kce('simulate', '--feature-gates', 'NoSuchGate=true', join(EX, 'fluent-bit.yaml'));
    assert.equal(gate.code, 2);
    assert.match(gate.stderr, /unknown feature gate: NoSuchGate/);
    const noNodes = kce('simulate', '--nodes', join(EX, 'fluent-bit.yaml'), join(EX, 'fluent-bit.yaml'));
    assert.equal(noNodes.code, 2);
    assert.match(noNodes.stderr, /no Node objects found/);
  });
});

describe('kce simulate', () => {
  test('JSON: inventory, summary and a reason for every node without a pod', () => {
    const r = kce('simulate', '--format', 'json', join(EX, 'nvidia-device-plugin.yaml'));
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.inventory.source, 'sample');
    const ds = out.daemonSets[0];
    assert.equal(ds.name, 'nvidia-device-plugin');
    assert.equal(ds.namespace, 'kube-system');
    assert.equal(ds.document, 0);
    assert.equal(ds.summary.nodes, out.inventory.nodes);
    const running = ds.nodes.filter((n: { shouldRun: boolean }) => n.shouldRun).map((n: { name: string }) => n.name);
    assert.equal(ds.summary.shouldRun, running.length);
    assert.ok(running.length > 0 && running.every((n: string) => n.startsWith('gpu-')), running.join());
    for (const n of ds.nodes) if (!n.shouldRun) assert.ok(n.reasons.length > 0, `${n.name} has a reason`);
    const cp = ds.nodes.find((n: { name: string }) => n.name.startsWith('cp-'));
    assert.equal(cp.reasons[0].code, 'NodeAffinityMismatch');
    assert.match(cp.reasons[0].field, /^spec\.template\.spec\.affinity\.nodeAffinity\.requiredDuringSchedulingIgnoredDuringExecution\.nodeSelectorTerms\[0\]/);
  });

  test('--nodes takes kubectl JSON output; text output is an aligned table', () => {
    const nodes = file('nodes.json', generateNodesJson(30));
    const r = kce('simulate', '--nodes', nodes, join(EX, 'fluent-bit.yaml'));
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /inventory: .*nodes\.json \(30 nodes\)/);
    assert.match(r.stdout, /NODE\s+ZONE\s+RUN\s+KEEP\s+SCHEDULER\s+WHY NOT/);
    assert.match(r.stdout, /runs on \d+ of 30 nodes/);
  });

  test('the feature gate switches Gt/Lt tolerations on', () => {
    const ds = file('gt.yaml', `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: gt, namespace: default}
spec:
  selector: {matchLabels: {app: gt}}
  template:
    metadata: {labels: {app: gt}}
    spec:
      tolerations: [{key: example.com/priority, operator: Gt, value: "5", effect: NoSchedule}]
      containers: [{name: c, image: i}]
`);
    const nodes = file('gt-nodes.yaml', `apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints: [{key: example.com/priority, value: "10", effect: NoSchedule}]
`);
    const off = JSON.parse(kce('simulate', '--format', 'json', '--nodes', nodes, ds).stdout);
    const on = JSON.parse(kce('simulate', '--format', 'json', '--nodes', nodes, '--feature-gates', 'TaintTolerationComparisonOperators=true', ds).stdout);
    assert.equal(off.daemonSets[0].summary.shouldRun, 0);
    assert.equal(on.daemonSets[0].summary.shouldRun, 1);
    assert.equal(kce('validate', '--nodes', nodes, ds).code, 1, 'Gt is not a supported operator with the gate off');
    assert.equal(kce('validate', '--nodes', nodes, '--feature-gates', 'TaintTolerationComparisonOperators=true', ds).code, 0);
  });

  test('no DaemonSet in the input: exit 1 with a message', () => {
    const r = kce('simulate', join(EX, 'sample-cluster.yaml'));
    assert.equal(r.code, 1);
    assert.match(r.stderr, /no apps\/v1 DaemonSet found/);
  });
});

describe('kce plan and rollout', () => {
  test('plan: nodes needing pods, pods to delete with reasons, slow-start batches', () => {
    const pods = file('pods.yaml', `apiVersion: v1
kind: PodList
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: fluent-bit-aaaaa
    namespace: logging
    labels: {app.kubernetes.io/name: fluent-bit}
    creationTimestamp: "2026-01-01T00:00:00Z"
  spec: {nodeName: worker-a-1}
  status: {phase: Running}
- apiVersion: v1
  kind: Pod
  metadata:
    name: fluent-bit-bbbbb
    namespace: logging
    labels: {app.kubernetes.io/name: fluent-bit}
    creationTimestamp: "2026-01-02T00:00:00Z"
  spec: {nodeName: worker-a-1}
  status: {phase: Running}
- apiVersion: v1
  kind: Pod
  metadata:
    name: fluent-bit-ccccc
    namespace: logging
    labels: {app.kubernetes.io/name: fluent-bit}
  spec: {nodeName: win-a-1}
  status: {phase: Running}
- apiVersion: v1
  kind: Pod
  metadata:
    name: other-app
    namespace: logging
    labels: {app: other}
  spec: {nodeName: worker-b-1}
`);
    const r = kce('plan', '--format', 'json', '--pods', pods, join(EX, 'fluent-bit.yaml'));
    assert.equal(r.code, 0, r.stderr);
    const plan = JSON.parse(r.stdout).daemonSets[0];
    assert.equal(plan.name, 'fluent-bit');
    assert.ok(!plan.nodesNeedingDaemonPods.includes('worker-a-1'));
    assert.ok(plan.nodesNeedingDaemonPods.includes('worker-b-1'), 'the unrelated pod does not count');
    const deleted = plan.podsToDelete.map((p: { pod: string }) => p.pod).sort();
    assert.deepEqual(deleted, ['fluent-bit-bbbbb', 'fluent-bit-ccccc']);
    assert.equal(plan.batches.reduce((a: number, b: number) => a + b, 0), plan.nodesNeedingDaemonPods.length);
    assert.deepEqual(plan.batches.slice(0, 3), [1, 2, 4]);
  });

  test('rollout: effective integers after scaling and rounds that cover every node once', () => {
    const r = kce('rollout', '--format', 'json', join(EX, 'node-exporter.yaml'));
    assert.equal(r.code, 0, r.stderr);
    const d = JSON.parse(r.stdout).daemonSets[0];
    assert.equal(d.desiredNumberScheduled, 13);
    assert.equal(d.maxSurge, 4); // 25% of 13 rounded up
    assert.equal(d.maxUnavailable, 0);
    const created = d.rounds.flatMap((x: { create: string[] }) => x.create).sort();
    const deleted = d.rounds.flatMap((x: { delete: string[] }) => x.delete).sort();
    assert.equal(created.length, 13);
    assert.deepEqual(created, deleted);
    for (const round of d.rounds) assert.ok(round.create.length <= 4);
  });
});
