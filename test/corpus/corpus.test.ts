// `kce validate` over real public manifests (test/corpus/SOURCES.md): no false error on what kubectl
// accepts, and the true errors of the files under ours/ still reported.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const CORPUS = __dirname;

interface Diagnostic { severity: string; code: string; field: string; message: string }
interface Output { files: { path: string; documents: { diagnostics: Diagnostic[] }[] }[] }

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? yamlFiles(p) : /\.ya?ml$/.test(n) ? [p] : [];
  });
}

let out: Output;
const errorsOf = (file: string) => out.files.find((f) => relative(CORPUS, f.path) === file)!
  .documents.flatMap((d) => d.diagnostics).filter((d) => d.severity === 'error');

before(() => {
  assert.ok(existsSync(CLI), 'dist/cli.js is built by npm test before the tests run');
  const r = spawnSync(process.execPath, [CLI, 'validate', '--format', 'json', CORPUS], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  out = JSON.parse(r.stdout) as Output;
});

describe('real-manifest corpus', () => {
  test('every file is listed in SOURCES.md', () => {
    const sources = readFileSync(join(CORPUS, 'SOURCES.md'), 'utf8');
    for (const f of yamlFiles(CORPUS)) assert.ok(sources.includes(`| ${relative(CORPUS, f)} |`), relative(CORPUS, f));
  });

  // True errors in public files: kube-apiserver v1.35 serves DaemonSet only as apps/v1, so `kubectl apply` of
  // these fails. Every other error on a public file is a false error of ours.
  const removedApi = { code: 'kce.removedApiVersion', field: 'apiVersion' };
  const expected: Record<string, { code: string; field: string }[]> = {
    'kubernetes/e2e-apps-v1beta2-daemonsets.yaml': [removedApi],
    'kubernetes/e2e-extensions-v1beta1-daemonsets.yaml': [removedApi],
    'kubernetes/metadata-proxy.yaml': [removedApi],
    'kubernetes/npd.yaml': [removedApi],
    'nvidia/extensions-v1beta1-nvidia-device-plugin.yml': [removedApi],
    'kubernetes/calico-etcd-statefulset.yaml': [removedApi],
    'datadog/agent-extensions-v1beta1.yaml': [removedApi],
    'beats/filebeat-daemonset-6.0.0-beta1.yaml': [removedApi],
    'beats/metricbeat-daemonset-6.0.0-beta1.yaml': [removedApi],
    // a DaemonSet in extensions/v1beta1 and a Deployment in apps/v1beta1
    'beats/metricbeat-kubernetes-6.4.yaml': [removedApi, removedApi],
    // An apps/v1 Deployment without a selector (ValidateDeploymentSpec).
    'kubernetes/calico-typha-deployment.yaml': [
      { code: 'FieldValueRequired', field: 'spec.selector' },
      { code: 'FieldValueInvalid', field: 'spec.template.metadata.labels' },
    ],
  };
  const publicFiles = yamlFiles(CORPUS).map((p) => relative(CORPUS, p)).filter((p) => !p.startsWith('ours/'));

  test('the corpus holds 40 public manifests or more', () => {
    assert.ok(publicFiles.length >= 40, `${publicFiles.length}`);
  });

  for (const f of publicFiles) {
    const want = expected[f] ?? [];
    test(`${f}: ${want.length ? 'only its true errors' : 'no error'}`, () => {
      const got = errorsOf(f).map((e) => ({ code: e.code, field: e.field }));
      assert.deepEqual(got, want);
    });
  }

  // Warnings are noise unless true: the only one on a public file is a toleration of the master taint alone.
  test('no warning on a public file but the true ones', () => {
    const warnings = out.files.flatMap((f) => f.documents.flatMap((d) => d.diagnostics)
      .filter((x) => x.severity === 'warning')
      .map((x) => `${relative(CORPUS, f.path)} ${x.code}`))
      .filter((w) => !w.startsWith('ours/'));
    assert.deepEqual(warnings, ['kubernetes/e2e-apps-v1-daemonsets.yaml kce.deprecatedMasterToleration']);
  });

  test('a removed DaemonSet version names the version that replaces it and since when', () => {
    const [e] = errorsOf('kubernetes/e2e-apps-v1beta2-daemonsets.yaml');
    assert.ok(e);
    assert.match(e.message, /apps\/v1beta2 is not served since Kubernetes v1\.16: use apiVersion: apps\/v1/);
  });

  test('weave\'s kind: List: its DaemonSet item is simulated', () => {
    const r = spawnSync(process.execPath, [CLI, 'simulate', '--format', 'json', join(CORPUS, 'weave')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).daemonSets.map((d: { name: string }) => d.name), ['weave-net']);
  });

  test('ours/daemonset-without-selector.yaml: the missing selector is reported', () => {
    assert.ok(errorsOf('ours/daemonset-without-selector.yaml').some((e) => e.message.includes('`selector` does not match template `labels`')));
  });

  test('ours/gt-toleration.yaml: Gt without the feature gate is reported', () => {
    const e = errorsOf('ours/gt-toleration.yaml');
    assert.ok(e.some((x) => x.field === 'spec.template.spec.tolerations[0].operator' && x.code === 'FieldValueNotSupported'));
  });
});
