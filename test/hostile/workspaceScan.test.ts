// A hostile workspace cannot stall or exhaust the scan for a nodes file (issue 10 item 2), scaled to seconds.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findWorkspaceNodes, readRegularFile } from '../../server/src/inventory/workspaceScan';
import { generateNodesYaml, toKubectlYaml } from '../../server/src/inventory/files/generate';
import { loadInventory } from '../../server/src/lsp/defaultDeps';

// Generous bounds: a loaded 2-core machine must not flake; the repros took 10–60 s or ran out of memory.
const MAX_MS = 2000;
const MAX_HEAP_GROWTH = 300 * 1024 * 1024;

async function bounded<T>(fn: () => Promise<T>): Promise<T> {
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = Date.now();
  const r = await fn();
  const ms = Date.now() - t0;
  assert.ok(ms < MAX_MS, `took ${ms} ms`);
  assert.ok(process.memoryUsage().heapUsed - heap0 < MAX_HEAP_GROWTH, 'heap grew over the bound');
  return r;
}

describe('workspace scan: hostile files', () => {
  let root: string;
  const ws = (name: string) => {
    const d = join(root, name);
    mkdirSync(d, { recursive: true });
    return d;
  };
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'kce-hostile-scan-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('a FIFO named nodes.yaml is skipped with a message, not opened', async () => {
    const d = ws('fifo');
    execFileSync('mkfifo', [join(d, 'nodes.yaml')]);
    const r = await bounded(() => findWorkspaceNodes([d]));
    assert.equal(r.source, undefined);
    assert.match(r.notes.join('\n'), /nodes\.yaml is a FIFO: skipped/);
    // Through the server's loader: the sample cluster, with the reason in the error.
    const loaded = await bounded(() => loadInventory({ source: 'auto', workspaceFolders: [d] }));
    assert.equal(loaded.source, 'sample');
    assert.match(loaded.error ?? '', /FIFO/);
  });

  test('a symlink inside the workspace to a FIFO inside it is refused on the open handle', async () => {
    const d = ws('fifo-link');
    execFileSync('mkfifo', [join(d, 'pipe')]);
    symlinkSync(join(d, 'pipe'), join(d, 'a-nodes.yaml'));
    const r = await bounded(() => findWorkspaceNodes([d]));
    assert.equal(r.source, undefined);
    assert.match(r.notes.join('\n'), /is a FIFO/);
  });

  test('a symlink to /dev/urandom is not followed out of the workspace', async () => {
    const d = ws('urandom');
    symlinkSync('/dev/urandom', join(d, 'nodes.yaml'));
    const r = await bounded(() => findWorkspaceNodes([d]));
    assert.equal(r.source, undefined);
    assert.match(r.notes.join('\n'), /nodes\.yaml links outside the workspace: skipped/);
  });

  test('/dev/zero as the settings nodes file is an error, not a hang', async () => {
    const loaded = await bounded(() => loadInventory({ source: 'file', file: '/dev/zero', workspaceFolders: [] }));
    assert.equal(loaded.source, 'sample');
    assert.match(loaded.error ?? '', /\/dev\/zero is a device, not a regular file/);
  });

  test('160 hard links of one large NodeList: read once, first usable one wins', async () => {
    const d = ws('links');
    const text = generateNodesYaml(1500); // ~3 MB
    writeFileSync(join(d, 'n000.yaml'), text);
    for (let i = 1; i < 160; i++) linkSync(join(d, 'n000.yaml'), join(d, `n${String(i).padStart(3, '0')}.yaml`));
    const r = await bounded(() => findWorkspaceNodes([d]));
    assert.equal(r.source?.nodes.length, 1500);
    assert.match(r.source?.path ?? '', /n000\.yaml$/);
  });

  test('160 hard links of a NodeList without usable nodes: looked at once, then the sample', async () => {
    const d = ws('links-empty');
    const pad = 'x'.repeat(3 * 1024 * 1024);
    writeFileSync(join(d, 'n000.yaml'), toKubectlYaml({ apiVersion: 'v1', kind: 'NodeList', items: [], metadata: { note: pad } }));
    for (let i = 1; i < 160; i++) linkSync(join(d, 'n000.yaml'), join(d, `n${String(i).padStart(3, '0')}.yaml`));
    const r = await bounded(() => findWorkspaceNodes([d]));
    assert.equal(r.source, undefined);
  });

  test('a NodeList whose kind follows the items (sorted keys) is found through the tail sniff', async () => {
    const d = ws('tail');
    const items = Array.from({ length: 300 }, (_, i) => ({ metadata: { name: `tail-${i}`, labels: { a: 'b' } } }));
    writeFileSync(join(d, 'inv.yaml'), toKubectlYaml({ apiVersion: 'v1', items, kind: 'NodeList' }));
    const r = await findWorkspaceNodes([d]);
    assert.equal(r.source?.nodes.length, 300);
  });

  test('size is checked before reading; the byte and file budgets stop the scan with a message', async () => {
    const d = ws('budgets');
    writeFileSync(join(d, 'a.yaml'), 'kind: NodeList\nitems: []\n' + '#'.repeat(4096));
    writeFileSync(join(d, 'b.yaml'), 'kind: NodeList\nitems: []\n');
    const big = await findWorkspaceNodes([d], { maxFileBytes: 1024 });
    assert.match(big.notes.join('\n'), /a\.yaml is 4121 bytes, over the 1024-byte limit: skipped/);
    const files = await findWorkspaceNodes([d], { maxFiles: 1 });
    assert.match(files.notes.join('\n'), /stopped: 1 YAML\/JSON files looked at/);
    const bytes = await findWorkspaceNodes([d], { maxTotalBytes: 4121 });
    assert.match(bytes.notes.join('\n'), /stopped: 4121 bytes read/);
  });

  test('readRegularFile never throws and names the problem', async () => {
    assert.match(JSON.stringify(await readRegularFile(join(root, 'missing.yaml'), 10)), /cannot read .*missing\.yaml: ENOENT/);
    const d = ws('loop');
    symlinkSync(join(d, 'b'), join(d, 'a'));
    symlinkSync(join(d, 'a'), join(d, 'b'));
    assert.match(JSON.stringify(await readRegularFile(join(d, 'a'), 10)), /ELOOP/);
    symlinkSync(join(d, 'a'), join(d, 'nodes.yaml'));
    const r = await findWorkspaceNodes([d]);
    assert.match(r.notes.join('\n'), /nodes\.yaml: unresolvable symlink \(ELOOP\): skipped/);
  });
});
