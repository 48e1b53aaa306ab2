// Tidy: no source or test file grows past ~400 lines (generated data excepted). A file that must stay over the
// limit is named below with the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const MAX_LINES = 400;
const ROOTS = ['server/src', 'server/wasm', 'client/src', 'test', 'bench', 'scripts'];
const TOP_LEVEL = ['esbuild.mjs', 'eslint.config.mjs'];
const SOURCE = /\.(ts|mjs|js)$/;
// Generated or recorded data, not code anyone edits by hand.
const GENERATED = [/\.generated\.ts$/, /^test\/fixtures\//, /^test\/corpus\//, /^test\/core\/data\//];

// Files allowed over the limit, each with why. Keep this empty: split a file instead of adding it here.
const ALLOWED_OVER: Record<string, string> = {};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const rel = `${dir}/${name}`;
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (SOURCE.test(name)) out.push(rel);
  }
  return out;
}

test(`no source or test file is over ${MAX_LINES} lines`, () => {
  const files = [...ROOTS.flatMap(sources), ...TOP_LEVEL].filter((f) => !GENERATED.some((re) => re.test(f)));
  assert.ok(files.length > 150, 'the walk finds the tree');
  const over = files
    .map((f) => ({ f, lines: readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1 }))
    .filter((x) => x.lines > MAX_LINES && !(x.f in ALLOWED_OVER))
    .map((x) => `${x.f} (${x.lines} lines)`);
  assert.deepEqual(over, [], 'split these files, each into parts with one job');
  for (const f of Object.keys(ALLOWED_OVER)) assert.ok(files.includes(f), `${relative(ROOT, f)} is allowed over the limit but no longer exists`);
});
