// End-to-end run in a real VS Code: code-server 4.100.3 (installed by test/e2e/install-cs.sh outside the
// repo) driven by playwright-core in Debian's headless chromium.
//   1. package the .vsix with vsce, install it into a fresh code-server (fresh user-data and extensions dirs);
//   2. open a copy of examples/ and run test/e2e/suite inside the extension host (vscode API assertions);
//   3. drive the screen: squiggles, hover, code lens, the placement webview; screenshots.
// Prints activation time, .vsix size and client bundle size. Missing prerequisites fail under CI=true
// and skip (exit 0, with a message) otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from './screen.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = process.env.KCE_E2E_DIR || join(homedir(), '.cache', 'kce-e2e');
const CS = join(ROOT, 'cs', 'node_modules', '.bin', 'code-server');
const CHROMIUM = process.env.KCE_CHROMIUM || '/usr/bin/chromium';
const CI = process.env.CI === 'true' || process.env.CI === '1';
const SHOTS = process.env.UPDATE_SCREENSHOTS ? join(REPO, 'docs', 'screenshots') : null;
const t0 = Date.now();
const lap = (m) => console.log(`[e2e ${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);

function missing(what) {
  if (CI) {
    console.error(`e2e: FAILED: ${what} (CI=true: the end-to-end run is required)`);
    process.exit(1);
  }
  console.log(`e2e: skipped: ${what}. Run test/e2e/install-cs.sh and apt-get install chromium ripgrep libkrb5-dev.`);
  process.exit(0);
}

if (!existsSync(CS)) missing(`code-server is not installed in ${join(ROOT, 'cs')}`);
if (!existsSync(CHROMIUM)) missing(`${CHROMIUM} is missing`);
let chromium;
try {
  ({ chromium } = createRequire(join(REPO, 'package.json'))('playwright-core'));
} catch {
  missing('playwright-core is not installed (npm ci)');
}
for (const f of ['dist/extension.js', 'dist/server.js', 'dist/e2e/suite/index.js']) if (!existsSync(join(REPO, f))) missing(`${f} is not built (npm run build)`);

// ---------- 1. package and install ----------
const run = join(ROOT, `run-${process.pid}`);
const dirs = { data: join(run, 'data'), ext: join(run, 'ext'), home: join(run, 'home'), tmp: join(run, 'tmp'), ws: join(run, 'ws'), out: join(run, 'out') };
// Earlier runs' folders (kept when they failed, for their logs) go first; a run still in progress (its pid alive,
// e.g. another checkout's) keeps its folder.
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
if (existsSync(ROOT)) for (const d of readdirSync(ROOT)) {
  if (d.startsWith('run-') && !alive(Number(d.slice(4)))) rmSync(join(ROOT, d), { recursive: true, force: true });
}
for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
cpSync(join(REPO, 'examples'), dirs.ws, { recursive: true });
mkdirSync(join(dirs.data, 'User'), { recursive: true });
// A kubeconfig whose only context points at a closed port: the "unreachable cluster" of the status bar checks.
const KUBECONFIG = join(dirs.home, 'kubeconfig-unreachable.yaml');
writeFileSync(KUBECONFIG, `apiVersion: v1
kind: Config
clusters: [{name: test, cluster: {server: "https://127.0.0.1:9"}}]
users: [{name: nobody, user: {}}]
contexts: [{name: test, context: {cluster: test, user: nobody}}]
current-context: test
`);
const USER_SETTINGS = {
  'kce.inventory.kubeconfig': KUBECONFIG,
  'workbench.colorTheme': 'Default Dark Modern',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'security.workspace.trust.enabled': false,
  'editor.codeLens': true,
  'editor.hover.delay': 100,
  'window.commandCenter': false,
};
writeFileSync(join(dirs.data, 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2));

const vsix = join(run, 'kube-controller-explorer.vsix');
const vsce = spawnSync(process.execPath, [join(REPO, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', vsix], { cwd: REPO, encoding: 'utf8' });
if (vsce.status !== 0) {
  console.error(vsce.stdout, vsce.stderr);
  console.error('e2e: FAILED: vsce package');
  process.exit(1);
}
lap(`packaged ${vsix}`);

const env = {
  ...process.env,
  HOME: dirs.home,
  XDG_CONFIG_HOME: join(dirs.home, '.config'),
  XDG_DATA_HOME: join(dirs.home, '.local', 'share'),
  XDG_CACHE_HOME: join(dirs.home, '.cache'),
  TMPDIR: dirs.tmp,
  KCE_E2E_OUT: dirs.out,
};
delete env.VSCODE_IPC_HOOK_CLI;
const csArgs = ['--user-data-dir', dirs.data, '--extensions-dir', dirs.ext, '--disable-telemetry', '--disable-update-check'];
const inst = spawnSync(CS, [...csArgs, '--install-extension', vsix], { env, encoding: 'utf8', timeout: 120000 });
if (inst.status !== 0) {
  console.error(inst.stdout, inst.stderr);
  console.error('e2e: FAILED: code-server --install-extension');
  process.exit(1);
}
const installed = readdirSync(dirs.ext).find((d) => d.startsWith('kce.kube-controller-explorer-'));
if (!installed) {
  console.error('e2e: FAILED: the extension is not in the extensions dir after install:', readdirSync(dirs.ext));
  process.exit(1);
}
const extDir = join(dirs.ext, installed);
lap(`installed into ${extDir}`);

// ---------- start code-server ----------
const port = await new Promise((res, rej) => {
  const s = createServer();
  s.once('error', rej);
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => res(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const cs = spawn(CS, [...csArgs, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-workspace-trust', '--disable-getting-started-override', '--ignore-last-opened'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let csLog = '';
cs.stdout.on('data', (d) => (csLog += d));
cs.stderr.on('data', (d) => (csLog += d));
let browser;
const cleanup = async () => {
  try { await browser?.close(); } catch { /* already closed */ }
  // code-server was started in its own process group: end the group (its server and extension host too).
  try { process.kill(-cs.pid, 'SIGTERM'); } catch { /* already gone */ }
  cs.stdout.destroy();
  cs.stderr.destroy();
};
const fail = async (msg) => {
  console.error(`e2e: FAILED: ${msg}`);
  writeFileSync(join(dirs.out, 'code-server.log'), csLog);
  console.error(`logs in ${run}`);
  await cleanup();
  process.exit(1);
};
// Two screen passes (1400×900 and 1000×700) on a machine shared with other work: 10 minutes at most.
const overall = setTimeout(() => void fail('the run took more than 10 minutes'), 600000);

for (let i = 0; ; i++) {
  try {
    const r = await fetch(`${base}/healthz`);
    if (r.ok) break;
  } catch { /* not up yet */ }
  if (i > 150) await fail('code-server did not start');
  await new Promise((r) => setTimeout(r, 200));
}
lap(`code-server on ${base}`);

const chromeHome = join(run, 'chrome-home');
browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  env: { ...process.env, HOME: chromeHome, XDG_CONFIG_HOME: join(chromeHome, '.config'), XDG_CACHE_HOME: join(chromeHome, '.cache') },
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});

// ---------- 2. tests inside the extension host ----------
{
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const authority = new URL(base).host;
  const payload = [
    ['extensionDevelopmentPath', `vscode-remote://${authority}${extDir}`],
    ['extensionTestsPath', `vscode-remote://${authority}${join(REPO, 'dist', 'e2e', 'suite')}`],
    ['skipWelcome', 'true'],
    ['skipReleaseNotes', 'true'],
  ];
  const done = new Promise((res) => {
    void page.exposeFunction('codeAutomationLog', (_type, args) => console.log('  [exthost]', ...(args || [])));
    void page.exposeFunction('codeAutomationExit', (code) => res(code));
  });
  await page.goto(`${base}/?folder=${encodeURIComponent(dirs.ws)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
  const code = await Promise.race([done, new Promise((r) => setTimeout(() => r('timeout'), 150000))]);
  await page.screenshot({ path: join(dirs.out, 'suite-end.png') });
  await page.close();
  lap(`extension-host suite exit: ${code}`);
  if (code !== 0) await fail(`the extension-host suite failed (${code})`);
}

// ---------- 3. the screen, with the extension as installed (screen.mjs) ----------
let screenResult;
try {
  screenResult = await screen({ browser, base, dirs, shots: SHOTS, lap, repo: REPO, settingsFile: join(dirs.data, 'User', 'settings.json'), settings: USER_SETTINGS });
} catch (e) {
  await fail(`screen run: ${e?.stack ?? e}`);
}
writeFileSync(join(dirs.out, 'a11y.json'), JSON.stringify(screenResult.a11y, null, 2));

// ---------- figures ----------
const suite = JSON.parse(readFileSync(join(dirs.out, 'suite.json'), 'utf8'));
function findLogLine(dir, re) {
  if (!existsSync(dir)) return undefined;
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) {
      const r = findLogLine(p, re);
      if (r) return r;
    } else if (n.endsWith('.log')) {
      const m = re.exec(readFileSync(p, 'utf8'));
      if (m) return m;
    }
  }
  return undefined;
}
// The extension writes "Activated in N ms" to its log channel, which the extension host keeps under the logs dir.
const logLine = findLogLine(join(dirs.data, 'logs'), /Activated in ([\d.]+) ms/);
const activationFromLog = logLine ? Number(logLine[1]) : undefined;
const kib = (p) => `${(statSync(p).size / 1024).toFixed(0)} KiB`;
console.log('e2e figures:');
for (const v of screenResult.a11y) console.log(`  axe ${v.view}: ${v.passes} rules pass; minor: ${v.violations.map((x) => `${x.id} (${x.impact}, ${x.nodes})`).join(', ') || 'none'}`);
console.log(`  activation (extension host log): ${activationFromLog ?? 'n/a'} ms; from the API: ${suite.figures.activationMs} ms (target <= 100)`);
console.log(`  .vsix: ${kib(vsix)}; client bundle dist/extension.js: ${kib(join(REPO, 'dist', 'extension.js'))}; server bundle: ${kib(join(REPO, 'dist', 'server.js'))}`);
console.log(`  total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
clearTimeout(overall);
await cleanup();
if (activationFromLog === undefined || activationFromLog > 100) {
  console.error(`e2e: FAILED: activation ${activationFromLog ?? 'not found in the extension host log'} (target <= 100 ms)`);
  process.exit(1);
}
rmSync(run, { recursive: true, force: true });
const steps = suite.results.length + 1;
console.log(`e2e: ${steps} passed, 0 failed`);
// Handles left by playwright's connection or fetch's keep-alive pool must not keep the run alive.
process.exit(0);
