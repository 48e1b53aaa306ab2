// The `kce` command line against hostile or unlucky inputs (issue 10 items 10, 11, 12, 14 and 17).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../server/src/cli';
import { runSimulate } from '../../server/src/cli/commands';
import { renderTable } from '../../server/src/cli/table';
import { parseFeatureGates } from '../../server/src/cli/args';
import { resolveFeatureGates } from '../../server/src/core/k8sVersion';
import { createGitHubRawFetcher } from '../../server/src/walkthrough/fetcher';
import type { NodeInfo } from '../../server/src/core/types';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';

const EX = join(__dirname, '..', '..', 'examples');
const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (s: string) => void out.push(s), stderr: (s: string) => void err.push(s) }, out: () => out.join(''), err: () => err.join('') };
}

let dir: string;
before(() => { dir = mkdtempSync(join(tmpdir(), 'kce-hostile-cli-')); });
after(() => rmSync(dir, { recursive: true, force: true }));

describe('kce output at scale', () => {
  test('simulate text output over 150,000 nodes (no stack overflow)', () => {
    const nodes: NodeInfo[] = Array.from({ length: 150_000 }, (_, i) => ({
      name: `node-${i}`, labels: { 'kubernetes.io/os': 'linux' }, taints: [], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }],
    }));
    const c = io();
    const code = runSimulate({ paths: [join(EX, 'node-exporter.yaml')], format: 'text', gates: resolveFeatureGates({}).gates,
      inventory: { source: 'file', label: 'big', nodes, warnings: [] } }, c.io);
    assert.equal(code, 0, c.err());
    assert.match(c.out(), /runs on \d+ of 150000 nodes/);
    assert.ok(c.out().includes('node-149999'));
  });

  test('renderTable: column widths over many rows', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => [`n${i}`, 'x']);
    const t = renderTable(['NODE', 'V'], rows);
    assert.equal(t.split('\n')[0], 'NODE     V');
    assert.equal(t.split('\n').at(-1), 'n199999  x');
  });
});

describe('kce inputs and errors', () => {
  test('problems of a --nodes file are printed on stderr (and JSON stays clean)', async () => {
    const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } });
    const p = join(dir, 'nodes.yaml');
    writeFileSync(p, toKubectlYaml({ apiVersion: 'v1', kind: 'List', items: [node('a'), node('a'), { kind: 'Node', metadata: {} }] }));
    const c = io();
    const code = await main(['simulate', '--nodes', p, '--format', 'json', join(EX, 'node-exporter.yaml')], c.io);
    assert.equal(code, 0, c.err());
    JSON.parse(c.out());
    assert.match(c.err(), /kce: warning: .*node "a" appears more than once/);
    assert.match(c.err(), /kce: warning: .*needs metadata\.name/);
  });

  test('--feature-gates toString=true is an unknown gate (exit 2), known gates still work', async () => {
    const c = io();
    assert.equal(await main(['simulate', '--feature-gates', 'toString=true', join(EX, 'node-exporter.yaml')], c.io), 2);
    assert.match(c.err(), /unknown feature gate: toString \(known: TaintTolerationComparisonOperators\)/);
    assert.throws(() => parseFeatureGates('__proto__=true'), /unknown feature gate: __proto__/);
    assert.equal(parseFeatureGates('TaintTolerationComparisonOperators=true').TaintTolerationComparisonOperators, true);
    assert.deepEqual(resolveFeatureGates({ toString: true }).unknown, ['toString']);
  });

  test('budget flags: --max-documents cuts where the diagnostic says and names itself; bad values are usage errors', async () => {
    const p = join(dir, 'many.yaml');
    writeFileSync(p, Array.from({ length: 5 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}}\n`).join('---\n'));
    const c = io();
    assert.equal(await main(['validate', '--max-documents', '3', '--format', 'json', p], c.io), 1, c.err());
    const out = JSON.stringify(JSON.parse(c.out()));
    assert.match(out, /only the first 3 documents \(document limit\) \(raise kce\.limits\.maxDocuments \(kce CLI: --max-documents\)/);
    const raised = io();
    assert.equal(await main(['validate', '--max-documents=5', '--format', 'json', p], raised.io), 0, raised.err());
    for (const [flag, value] of [['--max-documents', '0'], ['--max-text-length', '1e9'], ['--max-syntax-errors', 'x']]) {
      const bad = io();
      assert.equal(await main(['validate', flag!, value!, p], bad.io), 2);
      assert.match(bad.err(), new RegExp(`kce: ${flag} must be a whole number from \\d+ to \\d+ \\(got "${value}"\\)`));
    }
    const help = io();
    await main(['--help'], help.io);
    assert.match(help.out(), /--max-document-length N +characters per document, default 4194304/);
    const nodesUsage = /--max-document-nodes N +nodes \(keys, values, collections\) per document, default 100000/;
    assert.match(help.out(), nodesUsage);
    // the node budget: one ConfigMap of 600 keys (1,200 nodes and more) is refused under 1,000, read at 2,000
    const q = join(dir, 'nodes.yaml');
    const keys = Array.from({ length: 600 }, (_, i) => `  k${i}: v\n`).join('');
    writeFileSync(q, `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n${keys}`);
    const cut = io();
    assert.equal(await main(['validate', '--max-document-nodes', '1000', '--format', 'json', q], cut.io), 1, cut.err());
    assert.match(cut.out(), /more than 1000 nodes .*kce CLI: --max-document-nodes/);
    const read = io();
    const readCode = await main(['validate', '--max-document-nodes', '2000', '--format', 'json', q], read.io);
    assert.equal(readCode, 0, read.err());
  });

  test('walkthrough export --out under /proc errors at once instead of hanging', () => {
    assert.ok(existsSync(CLI), 'dist/cli.js is built before the tests');
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [CLI, 'walkthrough', 'export', '--format', 'codetour', '--out', '/proc/x/y'], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /kce walkthrough export: .*(ENOENT|EACCES|EPERM)/);
    assert.ok(Date.now() - t0 < 15_000);
  });
});

describe('a cluster that refuses to list pods', () => {
  let server: Server;
  let kubeconfig: string;
  before(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/v1/nodes')) {
        res.end(JSON.stringify({ kind: 'NodeList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [{ metadata: { name: 'n1', labels: { 'kubernetes.io/os': 'linux' } } }] }));
        return;
      }
      res.statusCode = 403;
      res.end(JSON.stringify({ kind: 'Status', code: 403, reason: 'Forbidden', message: 'pods is forbidden: User "dev" cannot list resource "pods"' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, JSON.stringify({
      apiVersion: 'v1', kind: 'Config', 'current-context': 'x',
      clusters: [{ name: 'c', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'u', user: { token: 'some-token-value' } }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
    }));
  });
  after(async () => { await new Promise<void>((r) => server.close(() => r())); });

  test('kce plan: a 403 for pods exits 2 with the reason, not "internal error"', async () => {
    const c = io();
    const code = await main(['plan', '--kubeconfig', kubeconfig, join(EX, 'node-exporter.yaml')], c.io);
    assert.equal(code, 2, c.err());
    assert.match(c.err(), /kce: cannot list the pods of DaemonSet .*403 Forbidden: not allowed to list pods/);
    assert.ok(!c.err().includes('internal error'));
  });
});

describe('walkthrough fetcher', () => {
  let server: Server;
  let base: string;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url?.includes('huge-declared')) {
        res.writeHead(200, { 'content-length': String(512 * 1024 * 1024) });
        res.write('x');
        return; // never ends: the declared size alone is refused
      }
      if (req.url?.includes('huge')) {
        // Chunked, no length: the limit applies while reading.
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let sent = 0;
        const pump = () => {
          while (sent < 64 && res.write(chunk)) sent++;
          if (sent < 64) res.once('drain', pump);
          else res.end();
        };
        pump();
        return;
      }
      if (req.url?.includes('redirect')) {
        res.writeHead(302, { location: 'ftp://example.invalid/x' });
        res.end();
        return;
      }
      res.end('package daemon\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  test('answers over the size limit are refused, never buffered; small ones are read', async () => {
    const f = createGitHubRawFetcher({ baseUrl: base, maxBytes: 1024 * 1024, timeoutMs: 5000 });
    assert.equal(await f.fetch('k/k', 'v1.35.0', 'ok.go'), 'package daemon\n');
    await assert.rejects(f.fetch('k/k', 'v1.35.0', 'huge.go'), /over the 1048576-byte limit/);
    await assert.rejects(f.fetch('k/k', 'v1.35.0', 'huge-declared.go'), /536870912 bytes is over the 1048576-byte limit/);
    await assert.rejects(f.fetch('k/k', 'v1.35.0', 'redirect.go'), /redirect to ftp: refused/);
  });
});
