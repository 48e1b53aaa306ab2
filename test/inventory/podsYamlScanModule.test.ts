// The committed WebAssembly of the pods YAML scanner (podsYamlScanModule.ts) is what server/wasm/podsYamlScan
// compiles to: a change to the AssemblyScript source (or server/wasm/common) must be followed by npm run build:wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

test('podsYamlScanModule.ts is built from the current server/wasm/podsYamlScan', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-wasm.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /podsYamlScanModule/);
});
