// The CLI's --pods: a file read item by item (any size up to the pods-file cap), every pod kept as the scheduler
// reads it and whole only those a DaemonSet may own; files that are not regular end in a message, never a hang.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPods } from '../../server/src/cli/inputs';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { tempDir } from '../cluster/apiServer';

const tmp = tempDir('kce-pods-cli-');
after(() => tmp.cleanup());
const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const EX = join(__dirname, '..', '..', 'examples');

function pod(name: string, owner?: { kind: string; name: string }): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'kube-system',
      labels: { app: name },
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', controller: true, uid: `u-${name}`, ...owner }] } : {}),
    },
    spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '100m' } } }] },
    status: { phase: 'Running' },
  };
}

describe('--pods', () => {
  const items = [
    pod('agent-1', { kind: 'DaemonSet', name: 'agent' }),
    pod('web-1', { kind: 'ReplicaSet', name: 'web-5d4' }),
    pod('bare'),
    pod('static', { kind: 'Node', name: 'n1' }),
  ];
  const file = join(tmp.dir, 'pods.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: {} }, null, 4));

  test('every pod in the scheduler view; whole only those controlled by a DaemonSet, and orphans', () => {
    const r = loadPods(file);
    assert.deepEqual(
      r.sched.map((p) => p.metadata?.name),
      ['agent-1', 'web-1', 'bare', 'static'],
    );
    assert.deepEqual(
      r.controller.map((p) => p.metadata?.name),
      ['agent-1', 'bare'],
    );
    assert.deepEqual(r.controller[0], items[0]);
    assert.equal(r.sched[1]!.spec?.containers?.[0]?.resources?.requests?.cpu, '100m');
  });

  test('files that are not regular, loops and oversized files are refused with a message', () => {
    const fifo = join(tmp.dir, 'pods.fifo');
    if (!existsSync(fifo)) spawnSync('mkfifo', [fifo]);
    const loop = join(tmp.dir, 'loop-a.json');
    symlinkSync(loop, join(tmp.dir, 'loop-b.json'));
    symlinkSync(join(tmp.dir, 'loop-b.json'), loop);
    const ds = join(EX, 'csi-node.yaml');
    for (const [path, message] of [
      [fifo, /pods\.fifo is not a regular file/],
      [loop, /too many levels of symbolic links/],
      ['/dev/zero', /\/dev\/zero is not a regular file/],
      [tmp.dir, /is a folder/],
    ] as const) {
      const r = spawnSync(process.execPath, [CLI, 'plan', '--pods', path, ds], { encoding: 'utf8', timeout: 20_000 });
      assert.equal(r.signal, null, `${path}: ended on its own`);
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /internal error/);
    }
    assert.match(loadSchedPodsFile(file, file, { maxBytes: 100 }).unreadable ?? '', /over the 100-byte limit/);
  });

  test('plan --pods: the DaemonSet counts its own pod and adopts the orphan; a pod of a ReplicaSet stays out', () => {
    const ds = join(tmp.dir, 'agent.yaml');
    writeFileSync(
      ds,
      [
        'apiVersion: apps/v1',
        'kind: DaemonSet',
        'metadata:',
        '  name: agent',
        '  namespace: kube-system',
        'spec:',
        '  selector:',
        '    matchExpressions:',
        '    - {key: app, operator: In, values: [agent-1, bare, web-1]}',
        '  template:',
        '    metadata:',
        '      labels:',
        '        app: agent-1',
        '    spec:',
        '      containers:',
        '      - name: c',
        '        image: x',
        '',
      ].join('\n'),
    );
    const r = spawnSync(process.execPath, [CLI, 'plan', '--format', 'json', '--pods', file, ds], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { daemonSets: { pods: number }[] };
    assert.deepEqual(
      out.daemonSets.map((d) => d.pods),
      [2],
    );
  });
});
