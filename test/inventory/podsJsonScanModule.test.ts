// The committed WebAssembly of the pods JSON scanner (podsJsonScanModule.ts) is what server/wasm/podsJsonScan
// compiles to: a change to the AssemblyScript source must be followed by npm run build:wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

test('podsJsonScanModule.ts is built from the current server/wasm/podsJsonScan', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-wasm.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
