// What the CLI reads: standard input as `-`, an empty NodeList, and inputs that are not regular files
// (issue 10 item 14): each ends with exit 2 and a message naming the problem, never a hang.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { generateNodesJson } from '../../server/src/inventory/files/generate';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const EX = join(__dirname, '..', '..', 'examples');

function kce(args: string[], input?: string) {
  // the timeout is a hang guard: a hang fails the test instead of stalling the suite
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input, timeout: 20_000, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
before(() => {
  assert.ok(existsSync(CLI), 'dist/cli.js is built by npm test before the tests run');
  dir = mkdtempSync(join(tmpdir(), 'kce-inputs-'));
});

const DS = readFileSync(join(EX, 'csi-node.yaml'), 'utf8');

describe('standard input', () => {
  test('cat examples/*.yaml | kce validate - reads the stream, named <stdin>', () => {
    const files = readdirSync(EX).filter((n) => n.endsWith('.yaml')).sort();
    const text = files.map((n) => readFileSync(join(EX, n), 'utf8')).map((t) => (t.startsWith('---') ? t : `---\n${t}`)).join('\n');
    const r = kce(['validate', '--format', 'json', '-'], text);
    const out = JSON.parse(r.stdout);
    assert.equal(out.files.length, 1);
    assert.equal(out.files[0].path, '<stdin>');
    assert.ok(out.files[0].documents.length >= files.length);
    // the same documents as the files one by one
    const one = JSON.parse(kce(['validate', '--format', 'json', ...files.map((n) => join(EX, n))]).stdout);
    assert.equal(out.summary.errors, one.summary.errors);
  });

  for (const cmd of ['simulate', 'plan', 'rollout']) {
    test(`kce ${cmd} - (a kubectl get ds -A -o yaml List)`, () => {
      const list = `apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: ""\nitems:\n- ${DS.replace(/^---\n/, '').trimEnd().split('\n').join('\n  ')}\n`;
      const r = kce([cmd, '--format', 'json', '-'], list);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).daemonSets.length, 1);
    });
  }

  test('--nodes - reads the nodes from standard input', () => {
    const nodes = readFileSync(join(EX, 'sample-cluster.yaml'), 'utf8');
    const r = kce(['simulate', '--format', 'json', '--nodes', '-', join(EX, 'csi-node.yaml')], nodes);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).inventory.label, '<stdin>');
  });

  test('a nodes file of many chunks, from a file and from standard input: every node read, the same results', () => {
    const text = generateNodesJson(300); // about 1.3 MB: more than the first buffer of standard input, many times
    const file = join(dir, 'nodes-300.json');
    writeFileSync(file, text);
    const args = (nodes: string) => ['simulate', '--format', 'json', '--nodes', nodes, join(EX, 'csi-node.yaml')];
    const fromFile = kce(args(file));
    const fromStdin = kce(args('-'), text);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.equal(fromStdin.code, 0, fromStdin.stderr);
    const a = JSON.parse(fromFile.stdout);
    const b = JSON.parse(fromStdin.stdout);
    assert.equal(a.inventory.nodes, 300);
    assert.deepEqual(b.daemonSets, a.daemonSets);
  });

  test('standard input twice is a usage error', () => {
    const r = kce(['simulate', '--nodes', '-', '-'], readFileSync(join(EX, 'sample-cluster.yaml'), 'utf8'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /standard input \(-\) can be read only once/);
  });
});

describe('an empty node list is an inventory of zero nodes', () => {
  for (const [name, text] of [
    ['kubectl get nodes -o yaml on an empty cluster', 'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n'],
    ['an empty NodeList in JSON', '{"apiVersion":"v1","kind":"NodeList","items":[]}'],
  ] as const) {
    test(name, () => {
      const p = join(dir, `empty-${name.length}.yaml`);
      writeFileSync(p, text);
      const r = kce(['simulate', '--format', 'json', '--nodes', p, join(EX, 'csi-node.yaml')]);
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.equal(out.inventory.nodes, 0);
      assert.deepEqual(out.daemonSets[0].summary, {
        nodes: 0, shouldRun: 0, shouldContinueRunning: 0, pending: 0, allocatableUnknown: 0,
      });
    });
  }

  test('a List of pods is still not a nodes file', () => {
    const p = join(dir, 'pods.yaml');
    writeFileSync(p, 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: p}\n');
    const r = kce(['simulate', '--nodes', p, join(EX, 'csi-node.yaml')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no Node objects found/);
  });
});

describe('inputs that are not regular files end with exit 2 and a message', () => {
  const cases: [string, () => string[], RegExp][] = [
    ['validate /dev/zero', () => ['validate', '/dev/zero'], /\/dev\/zero is not a regular file/],
    ['--nodes /dev/zero', () => ['simulate', '--nodes', '/dev/zero', join(EX, 'csi-node.yaml')], /\/dev\/zero is not a regular file/],
    ['--pods /dev/zero', () => ['plan', '--pods', '/dev/zero', join(EX, 'csi-node.yaml')], /\/dev\/zero is not a regular file/],
    ['a FIFO (no writer)', () => {
      const p = join(dir, 'nodes.fifo.yaml');
      if (!existsSync(p)) spawnSync('mkfifo', [p]);
      return ['validate', p];
    }, /is not a regular file/],
    ['a symlink loop', () => {
      const a = join(dir, 'loop-a.yaml');
      if (!existsSync(join(dir, 'loop-b.yaml'))) {
        symlinkSync(a, join(dir, 'loop-b.yaml'));
        symlinkSync(join(dir, 'loop-b.yaml'), a);
      }
      return ['validate', a];
    }, /too many levels of symbolic links/],
    ['a symlink loop as --nodes', () => ['simulate', '--nodes', join(dir, 'loop-a.yaml'), join(EX, 'csi-node.yaml')], /too many levels of symbolic links/],
    ['a folder as --nodes', () => ['simulate', '--nodes', EX, join(EX, 'csi-node.yaml')], /is a folder/],
  ];
  for (const [name, args, message] of cases) {
    test(name, () => {
      const r = kce(args());
      assert.equal(r.signal, null, 'ended on its own');
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /internal error/);
    });
  }

  test('a folder that links back to itself is walked once', () => {
    const d = join(dir, 'cyclic');
    mkdirSync(d, { recursive: true });
    writeFileSync(join(d, 'ds.yaml'), DS);
    if (!existsSync(join(d, 'again'))) symlinkSync(d, join(d, 'again'));
    const r = kce(['validate', '--format', 'json', d]);
    assert.equal(r.signal, null);
    assert.equal(JSON.parse(r.stdout).files.length, 1);
  });

  test('a nodes file over 256 MiB is refused with the way out: the nodes alone, the pods with --pods', () => {
    const big = join(dir, 'cluster-dump.yaml');
    writeFileSync(big, '');
    truncateSync(big, 300 * 1024 * 1024); // sparse: no disk used, refused before it is read
    const r = kce(['simulate', '--nodes', big, join(EX, 'otel-agent.yaml')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cluster-dump\.yaml is larger than 256 MiB; not read: --nodes is read whole\. .*kubectl get nodes -o yaml > nodes\.yaml.* --pods FILE, which is read item by item/);
  });

  test('standard input is capped: 65 MiB is refused', () => {
    const r = kce(['validate', '-'], 'a'.repeat(65 * 1024 * 1024));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /standard input is larger than 64 MiB/);
  });
});
