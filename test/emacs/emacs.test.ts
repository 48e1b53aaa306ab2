// Emacs's eglot (Debian emacs-nox + elpa-eglot on Emacs 28; built in from Emacs 29) attaches to dist/server.js
// in batch mode with README's setup: flymake gets the diagnostics; an unreachable cluster (settings from
// eglot-workspace-configuration, trust from :initializationOptions) reaches *Messages*; the hover names the
// inventory actually in use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UNREACHABLE_KUBECONFIG } from '../fixtures/unreachableKubeconfig';

const ROOT = resolve(__dirname, '../..');
const SERVER = join(ROOT, 'dist/server.js');
const PROBE = join(__dirname, 'probe.el');
const EXAMPLE = join(ROOT, 'examples/broken/daemonset-errors.yaml');


function eglotAvailable(): boolean {
  const r = spawnSync('emacs', ['--batch', '--eval', '(progn (require (quote package)) (package-initialize) (require (quote eglot)) (princ "eglot-ok"))'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 && r.stdout.includes('eglot-ok');
}

test('emacs eglot: diagnostics, an unreachable cluster in *Messages*, the hover naming the sample', (t) => {
  if (!eglotAvailable()) {
    // .ci/run installs emacs-nox and elpa-eglot: their absence fails under CI.
    assert.notEqual(process.env.CI, 'true', 'emacs with eglot is not installed (CI=true): install Debian emacs-nox elpa-eglot');
    t.diagnostic('emacs with eglot is not installed: the Emacs check did not run (it fails under CI=true)');
    return;
  }
  assert.ok(existsSync(SERVER), `${SERVER} is missing: build it first (npm run build)`);
  const dir = mkdtempSync(join(tmpdir(), 'kce-emacs-'));
  try {
    const file = join(dir, 'daemonset.yaml');
    copyFileSync(EXAMPLE, file);
    writeFileSync(join(dir, 'kubeconfig'), UNREACHABLE_KUBECONFIG);
    const text = readFileSync(file, 'utf8').split('\n');
    const outFile = join(dir, 'result.txt');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOME: dir,
      KUBECONFIG: join(dir, 'no-kubeconfig'),
      KCE_EMACS_OUT: outFile,
      KCE_EMACS_SERVER: SERVER,
      KCE_EMACS_ROOT: dir,
      KCE_EMACS_FILE: file,
      KCE_EMACS_KUBECONFIG: join(dir, 'kubeconfig'),
      KCE_EMACS_HOVER_LINE: String(text.findIndex((l) => l.startsWith('kind: DaemonSet'))),
    };
    const r = spawnSync('emacs', ['--batch', '-q', '-l', PROBE], { env, cwd: dir, encoding: 'utf8', timeout: 120_000 });
    const result = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
    assert.equal(r.status, 0, `emacs exit ${r.status} ${r.signal ?? ''}\n${result}\n${r.stderr.slice(-3000)}`);
    const lines = result.split('\n');
    assert.ok(lines.includes('RESULT OK'), result);

    // The API error at the misspelt effect, on its line, as an error.
    const effectLine = text.findIndex((l) => l.includes('effect: NoSchedul') && !l.includes('NoSchedule'));
    const diag = lines.find((l) => l.startsWith(`DIAG ${effectLine} `) && l.includes('"NoSchedul"'));
    assert.ok(diag, result);
    assert.match(diag, /^DIAG \d+ eglot-error /);

    const message = lines.find((l) => l.startsWith('MESSAGE ') && l.includes('cluster test unreachable'));
    assert.ok(message, result);
    assert.match(message, /using the sample cluster \(14 nodes\) instead of cluster test/);
    assert.ok(!result.includes('not-a-real-token'), 'no credential in any message');

    const hover = lines.find((l) => l.startsWith('HOVER '));
    assert.ok(hover, result);
    assert.match(hover, /runs on \*\*0 of 14\*\* nodes · 14 skipped _\(sample cluster \(cluster test unreachable\), 14 nodes\)_/);
    assert.ok(lines.some((l) => l.startsWith('DIAG ') && / in the sample cluster \(cluster test unreachable\)/.test(l)), result);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
