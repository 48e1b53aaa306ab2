// Pods files as kubectl prints them, read by the item-by-item readers: the same pods as the whole-text loader,
// whatever the indentation, the List kind, Nodes mixed in, or a pod resized in place; a file outside the layout
// falls back to the whole-text loader, and an unreadable one is an error, never a throw.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { loadSchedPodsFromText } from '../../server/src/inventory/files/loadPods';
import { generatePodObjects, writePodsList } from '../../server/src/inventory/files/generatePods';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';
import { tempDir } from '../cluster/apiServer';

const tmp = tempDir('kce-podsfile-');
after(() => tmp.cleanup());

function file(name: string, text: string): string {
  const p = join(tmp.dir, name);
  writeFileSync(p, text);
  return p;
}
function listOf(format: 'json' | 'yaml', nodes: number, perNode: number): string {
  const parts: string[] = [];
  writePodsList(format, nodes, perNode, (c) => parts.push(c));
  return parts.join('');
}

describe('pods files, item by item', () => {
  test('kubectl get pods -A -o json: the same pods as the whole-text loader, only the kept fields', () => {
    const text = listOf('json', 20, 30);
    const r = loadSchedPodsFile(file('pods.json', text));
    assert.equal(r.reader, 'json-items');
    assert.deepEqual(r.errors, []);
    assert.equal(r.pods.length, 600);
    assert.deepEqual(r.pods, loadSchedPodsFromText(text, 'pods.json').pods);
    const agent = r.pods[0]!;
    assert.deepEqual(agent.spec?.containers?.[0]?.ports, [{ containerPort: 9100, hostPort: 9100, protocol: 'TCP' }]);
    assert.equal(agent.spec?.nodeName, 'ip-10-0-0-10.ec2.internal');
  });

  test('other indentation, a PodList, Nodes mixed in, a resized pod and an empty init list read the same', () => {
    const pods = [...generatePodObjects(2, 3)];
    const resized = pods[1] as { status: Record<string, unknown>; spec: Record<string, unknown> };
    resized.status.conditions = [{ type: 'PodResizePending', status: 'True', reason: 'Deferred' }];
    (resized.status.containerStatuses as Record<string, unknown>[])[0]!.allocatedResources = { cpu: '2' };
    resized.spec.initContainers = [];
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { allocatable: { cpu: '1' } } };
    for (const indent of [2, 4, 8]) {
      const text = JSON.stringify(
        { apiVersion: 'v1', items: [node, ...pods], kind: 'PodList', metadata: {} },
        null,
        indent,
      );
      const r = loadSchedPodsFile(file(`i${indent}.json`, text));
      assert.equal(r.reader, 'json-items', `indent ${indent}`);
      assert.deepEqual(r.pods, loadSchedPodsFromText(text, 'x').pods, `indent ${indent}`);
      assert.equal(r.pods.length, 6);
      assert.deepEqual(r.pods[1]!.status?.conditions, [
        { type: 'PodResizePending', status: 'True', reason: 'Deferred' },
      ]);
      assert.deepEqual(r.pods[1]!.status?.containerStatuses, [
        { name: 'log-shipper', allocatedResources: { cpu: '2' } },
      ]);
    }
  });

  test('a pod without a name is an error located by its item; the others load', () => {
    const pods = [...generatePodObjects(1, 2)];
    delete (pods[0] as { metadata: Record<string, unknown> }).metadata.name;
    const r = loadSchedPodsFile(
      file('noname.json', JSON.stringify({ apiVersion: 'v1', items: pods, kind: 'List' }, null, 4)),
    );
    assert.equal(r.pods.length, 1);
    assert.match(r.errors[0]!.message, /noname\.json \(items\[0\]\): a Pod needs metadata\.name/);
  });

  test('a YAML List item by item; compact JSON and a single Pod go to the whole-text loader; a directory is an error', () => {
    const pods = [...generatePodObjects(1, 2)];
    const compact = JSON.stringify({ apiVersion: 'v1', items: pods, kind: 'List' });
    assert.deepEqual(
      [loadSchedPodsFile(file('c.json', compact)).reader, loadSchedPodsFile(file('c.json', compact)).pods.length],
      ['whole-text', 2],
    );
    assert.equal(loadSchedPodsFile(file('one.json', JSON.stringify(pods[0], null, 4))).pods.length, 1);
    const yaml = listOf('yaml', 2, 3);
    const y = loadSchedPodsFile(file('pods.yaml', yaml));
    assert.equal(y.reader, 'yaml-items');
    assert.deepEqual(y.pods, loadSchedPodsFromText(yaml, 'y').pods);
    assert.equal(y.pods.length, 6);
    assert.equal(loadSchedPodsFile(file('single.yaml', toKubectlYaml(pods[0]))).pods.length, 1);
    const dir = join(tmp.dir, 'd');
    mkdirSync(dir);
    assert.match(loadSchedPodsFile(dir).errors[0]!.message, /is a folder/);
    const missing = loadSchedPodsFile(join(tmp.dir, 'missing.json'));
    assert.match(missing.errors[0]!.message, /cannot read .*missing\.json: no such file/);
  });
});
