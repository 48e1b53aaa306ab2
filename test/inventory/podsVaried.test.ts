// The fast pods readers (item by item, in parts across worker threads) against the whole-text loader on pods of
// every shape the scheduler reads: init containers and sidecars, overhead, pod-level resources, host ports, affinity,
// tolerations, spread constraints, resized containers, strings that look like the layout's own lines, non-ASCII,
// Nodes and other kinds mixed in, a pod without a name. Layouts the fast readers do not know (CRLF JSON, tabs,
// compact JSON) must reach the whole-text loader and give the same pods.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';
import {
  loadPodsFromText,
  loadSchedPodsFromText,
  mayBelongToDaemonSet,
} from '../../server/src/inventory/files/loadPods';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { loadPodsFileOffThread } from '../../server/src/inventory/files/podsLoader';
import { splitPodsFile } from '../../server/src/inventory/files/podsSplit';
import { tempDir } from '../cluster/apiServer';
import { list, variedPods } from './variedPods';

const tmp = tempDir('kce-pods-varied-');
after(() => tmp.cleanup());

type Obj = Record<string, unknown>;

function write(name: string, text: string): string {
  const p = join(tmp.dir, name);
  writeFileSync(p, text);
  return p;
}

describe('fast pods readers against the whole-text loader', () => {
  const items = variedPods();
  const json4 = JSON.stringify(list(items), null, 4);
  const cases: [string, string, string][] = [
    ['kubectl JSON (indent 4)', 'a.json', json4],
    ['JSON indent 2', 'b.json', JSON.stringify(list(items), null, 2)],
    ['JSON indent 3', 'c.json', JSON.stringify(list(items), null, 3)],
    ['kubectl YAML', 'd.yaml', toKubectlYaml(list(items))],
    ['YAML with CRLF', 'e.yaml', toKubectlYaml(list(items)).replace(/\n/g, '\r\n')],
  ];
  for (const [name, file, text] of cases) {
    test(`${name}: item by item and in two parts, the same pods, kept pods and errors`, async () => {
      const path = write(file, text);
      const whole = loadSchedPodsFromText(text, path);
      const r = loadSchedPodsFile(path, path, { keep: mayBelongToDaemonSet });
      assert.notEqual(r.reader, 'whole-text');
      assert.equal(r.pods.length, 17);
      assert.deepEqual(r.pods, whole.pods);
      const wholePods = loadPodsFromText(text, path).pods;
      assert.deepEqual(
        r.kept,
        wholePods.filter((p) => mayBelongToDaemonSet(p as unknown as Obj)),
      );
      assert.deepEqual(
        r.errors.map((e) => e.message),
        [`${path} (items[11]): a Pod needs metadata.name`],
      );
      assert.deepEqual(
        r.pods[0]!.spec?.initContainers?.[1],
        {
          name: 'sidecar',
          resources: { requests: { cpu: '300m' } },
          ports: [{ containerPort: 53, hostPort: 5353, protocol: 'UDP', hostIP: '10.0.0.1' }],
          restartPolicy: 'Always',
        },
      );
      assert.equal(r.pods[6]!.metadata?.labels?.team, 'équipe-北京');
      // Without pods kept whole, the YAML reader leaves unread subtrees out: the same pods still.
      const lean = loadSchedPodsFile(path);
      assert.deepEqual(lean.pods, whole.pods);
      assert.deepEqual(lean.pods[9]!.metadata?.labels, { env: 'prod', state: 'x', app: 'a' });
      // Two parts, cut at an item boundary in the middle: the same answer, errors located in the whole file.
      const parts = splitPodsFile(path, 2, 0);
      assert.equal(parts?.length, 2);
      const split = await loadPodsFileOffThread(path, { splitAbove: 0, workers: 2, keepDaemonSetPods: true });
      assert.deepEqual(split.pods, r.pods);
      assert.deepEqual(split.kept, r.kept);
      assert.deepEqual(split.errors, r.errors);
      assert.deepEqual((await loadPodsFileOffThread(path, { splitAbove: 0, workers: 2 })).pods, r.pods);
    });
  }

  const fallbacks: [string, string, string][] = [
    ['JSON with CRLF', 'f.json', json4.replace(/\n/g, '\r\n')],
    ['JSON indented with tabs', 'g.json', JSON.stringify(list(items), null, '\t')],
    ['compact JSON', 'h.json', JSON.stringify(list(items))],
    ['a YAML stream of Pods', 'i.yaml', items.map((i) => toKubectlYaml(i)).join('---\n')],
  ];
  for (const [name, file, text] of fallbacks) {
    test(`${name}: the whole-text loader, the same pods`, async () => {
      const path = write(file, text);
      const r = loadSchedPodsFile(path);
      assert.equal(r.reader, 'whole-text');
      assert.equal(r.pods.length, 17);
      assert.deepEqual(r.pods, loadSchedPodsFromText(text, path).pods);
      assert.deepEqual((await loadPodsFileOffThread(path, { splitAbove: 0, workers: 2 })).pods, r.pods);
    });
  }

  test('a JSON List cut short: the whole-text loader says where it broke', () => {
    const path = write('cut.json', json4.slice(0, Math.floor(json4.length / 2)));
    const r = loadSchedPodsFile(path);
    assert.equal(r.pods.length, 0);
    assert.equal(r.reader, 'whole-text');
    assert.ok(r.errors.length > 0);
  });
});
