// Inventory sources carry the pods on their nodes and the scheduler's per-node state built from both: the sample
// cluster's, a `kubectl get nodes,pods -A` file's, or a pods file named in settings (read like the nodes file).
// Over LSP the session hands that state to every analysis.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileSource, sampleSource, withPodsFileOffThread } from '../../server/src/inventory/source';
import { loadInventory, defaultDeps } from '../../server/src/lsp/defaultDeps';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';
import { startServer, PULL_CAPS } from '../lsp/harness';
import { tempDir, waitFor } from '../cluster/apiServer';

const tmp = tempDir('kce-source-');
after(() => tmp.cleanup());
const EX = join(__dirname, '../../examples');

function node(name: string, cpu = '2') {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    status: { allocatable: { cpu, memory: '4Gi', pods: '10' }, conditions: [{ type: 'Ready', status: 'True' }] },
  };
}
function pod(name: string, nodeName: string, cpu: string) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `u-${name}` },
    spec: { nodeName, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu } } }] },
    status: { phase: 'Running' },
  };
}
const list = (items: unknown[]) => ({ apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } });
const used = (s: { scheduling: { get(n: string): { requested: { milliCPU: number } } | undefined } }, n: string) =>
  s.scheduling.get(n)?.requested.milliCPU;

describe('inventory sources with pods', () => {
  test('the sample source carries its pods and their usage', () => {
    const s = sampleSource();
    assert.equal(s.pods.length, 43);
    assert.equal(used(s, 'worker-a-1'), 3600);
    assert.equal(s.scheduling.get('worker-a-1')!.allocatable.milliCPU, 3920);
  });

  test('a nodes file that also lists pods (kubectl get nodes,pods -A) carries them', () => {
    const text = toKubectlYaml(list([node('n1'), node('n2'), pod('p1', 'n1', '700m'), pod('p2', 'n2', '1')]));
    const s = fileSource({ path: '/w/cluster.yaml', text });
    assert.deepEqual(s.errors, []);
    assert.deepEqual([s.nodes.length, s.pods.length, used(s, 'n1'), used(s, 'n2')], [2, 2, 700, 1000]);
    const sample = fileSource({
      path: join(EX, 'sample-cluster.yaml'),
      text: readFileSync(join(EX, 'sample-cluster.yaml'), 'utf8'),
    });
    assert.deepEqual([sample.nodes.length, sample.pods.length, used(sample, 'worker-a-1')], [14, 43, 3600]);
  });

  test('a pods file replaces the pods of the source; one without pods is an error, not an empty success', async () => {
    const base = fileSource({ path: '/w/nodes.json', text: JSON.stringify(list([node('n1')])) });
    assert.equal(base.pods.length, 0);
    const podsPath = join(tmp.dir, 'replacing-pods.json');
    writeFileSync(podsPath, JSON.stringify(list([pod('p1', 'n1', '1500m')]), null, 4));
    const withPods = (await withPodsFileOffThread(base, podsPath)).source;
    assert.deepEqual(
      [withPods.pods.length, withPods.podsPath, used(withPods, 'n1'), used(base, 'n1')],
      [1, podsPath, 1500, 0],
    );
    const noPods = join(tmp.dir, 'x.yaml');
    writeFileSync(noPods, 'kind: ConfigMap\n');
    const empty = (await withPodsFileOffThread(base, noPods)).source;
    assert.match(empty.errors[0]!.message, /x\.yaml: no Pod objects found/);
  });

  test('loadInventory reads kce.inventory.podsFile (regular files only, errors said, never thrown)', async () => {
    const nodes = join(tmp.dir, 'nodes.yaml');
    const pods = join(tmp.dir, 'pods.json');
    writeFileSync(nodes, toKubectlYaml(list([node('n1')])));
    writeFileSync(
      pods,
      JSON.stringify({ apiVersion: 'v1', kind: 'PodList', items: [pod('p1', 'n1', '250m')] }, null, 4),
    );
    const ok = await loadInventory({ source: 'file', file: nodes, podsFile: pods, workspaceFolders: [] });
    assert.deepEqual(
      [ok.pods, ok.podsFile, ok.scheduling?.get('n1')?.requested.milliCPU, ok.error],
      [1, pods, 250, undefined],
    );
    const dir = join(tmp.dir, 'a-directory');
    mkdirSync(dir);
    const bad = await loadInventory({ source: 'file', file: nodes, podsFile: dir, workspaceFolders: [] });
    assert.equal(bad.nodes.length, 1);
    assert.match(bad.error ?? '', /kce\.inventory\.podsFile: cannot read .*a-directory: is a folder/);
    const sample = await loadInventory({ source: 'sample', podsFile: pods, workspaceFolders: [] });
    assert.deepEqual([sample.pods, sample.scheduling?.podCount()], [1, 1]);
  });

  test("over LSP: the session passes the inventory's scheduler state to the analyses (pods file relative to the folder)", async () => {
    const folder = join(tmp.dir, 'ws');
    mkdirSync(folder);
    writeFileSync(join(folder, 'nodes.yaml'), toKubectlYaml(list([node('n1'), node('n2')])));
    writeFileSync(join(folder, 'pods.yaml'), toKubectlYaml(list([pod('p1', 'n2', '1')])));
    const h = await startServer({
      deps: defaultDeps(),
      capabilities: PULL_CAPS,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'ws' }],
      initializationOptions: {
        settings: { kce: { inventory: { source: 'file', file: 'nodes.yaml', podsFile: 'pods.yaml' } } },
      },
    });
    try {
      const uri = pathToFileURL(join(folder, 'ds.yaml')).href;
      await h.open(uri, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
      await waitFor(() => !!h.session.documents.get(uri), 5000, 'document open');
      const a = await h.session.analyze(uri);
      assert.ok(a);
      assert.equal(a.analysis.context?.scheduling, h.session.scheduling);
      assert.equal(h.session.scheduling?.get('n2')?.requested.milliCPU, 1000);
    } finally {
      await h.dispose();
    }
  });
});
