// The live-cluster code (with @kubernetes/client-node, ~15 MB) must stay in its own bundle, loaded only when a
// cluster is used: the CLI and the language server keep a dynamic import of ./cluster.js instead of inlining it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..', 'dist');
const MIB = 1024 * 1024;

for (const bundle of ['server.js', 'cli.js']) {
  test(`dist/${bundle} leaves the cluster code to dist/cluster.js`, () => {
    const text = readFileSync(join(DIST, bundle), 'utf8');
    assert.ok(statSync(join(DIST, bundle)).size < 4 * MIB, `${bundle} is ${(statSync(join(DIST, bundle)).size / MIB).toFixed(1)} MiB`);
    assert.match(text, /["']\.\/cluster\.js["']/);
  });
}

test('dist/cluster.js holds the client-node code the other bundles leave out', () => {
  assert.ok(statSync(join(DIST, 'cluster.js')).size > 4 * MIB);
});
