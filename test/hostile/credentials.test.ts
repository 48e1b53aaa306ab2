// Credentials against a server that echoes whatever it receives (issue 10 items 7 and 15): a token file written
// with `echo` works, and no credential — inline, token file, basic auth in any encoding, exec-plugin result,
// exec-plugin error output — reaches a message.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchClusterNodes } from '../../server/src/cluster/cluster';
import { Redactor, TokenFile, pluginFailure } from '../../server/src/cluster/credentials';

let server: Server;
let url: string;
let dir: string;
/** Authorization headers the server received. */
const seen: string[] = [];
/** The one token the server accepts; anything else is refused with an echo of every form of it. */
const GOOD = 'good-token-from-file-0123456789';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kce-hostile-cred-'));
  server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    seen.push(auth);
    if (auth === `Bearer ${GOOD}`) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ kind: 'NodeList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [{ metadata: { name: 'n1' } }] }));
      return;
    }
    const value = auth.replace(/^\w+\s+/, '');
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const pass = decoded.split(':').slice(1).join(':');
    const message = `echo: header=${auth} value=${value} decoded=${decoded} password=${pass} url=${encodeURIComponent(decoded)}`;
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'Forbidden', code: 403, message }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

function kubeconfig(name: string, user: Record<string, unknown>): string {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify({
    apiVersion: 'v1', kind: 'Config', 'current-context': 'x',
    clusters: [{ name: 'c', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
    users: [{ name: 'u', user }],
    contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
  }));
  return p;
}

async function failure(path: string): Promise<string> {
  try {
    await fetchClusterNodes({ trusted: true, kubeconfig: path, timeoutMs: 5000 });
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a failure');
}

function assertHidden(msg: string, secrets: string[]): void {
  for (const s of secrets) {
    for (const form of [s, Buffer.from(s).toString('base64'), Buffer.from(s).toString('base64').replace(/=+$/, ''), encodeURIComponent(s)]) {
      assert.ok(!msg.includes(form), `"${form}" leaked in: ${msg}`);
    }
  }
}

describe('credentials', () => {
  test('a token file written with echo (trailing newline) is trimmed, as kubectl does', async () => {
    writeFileSync(join(dir, 'token'), `${GOOD}\n`);
    const snap = await fetchClusterNodes({ trusted: true, kubeconfig: kubeconfig('tf', { tokenFile: 'token' }), timeoutMs: 5000 });
    assert.deepEqual(snap.nodes.map((n) => n.name), ['n1']);
    assert.equal(seen.at(-1), `Bearer ${GOOD}`);
  });

  test('an empty token file is an error naming the file', async () => {
    writeFileSync(join(dir, 'empty'), '\n  \n');
    assert.match(await failure(kubeconfig('tf-empty', { tokenFile: 'empty' })), /read empty token from file ".*empty"/);
  });

  test('a token from a token file, echoed by the server, is redacted', async () => {
    const tok = 'file-token-SECRET-abcdef123456';
    writeFileSync(join(dir, 'token2'), `  ${tok}\r\n`);
    const msg = await failure(kubeconfig('tf2', { tokenFile: 'token2' }));
    assert.match(msg, /403 Forbidden/);
    assertHidden(msg, [tok]);
  });

  test('basic auth: the pair and the password, plain, base64 and URL-encoded, are redacted', async () => {
    const msg = await failure(kubeconfig('basic', { username: 'admin', password: 'pa55:w0rd/secret' }));
    assert.match(msg, /403 Forbidden/);
    assertHidden(msg, ['admin:pa55:w0rd/secret', 'pa55:w0rd/secret']);
  });

  test('an exec plugin token, echoed by the server, is redacted', async () => {
    const tok = 'exec-plugin-token-SECRET-987654321';
    const script = join(dir, 'plugin.js');
    writeFileSync(script, `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: '${tok}' } }));`);
    const msg = await failure(kubeconfig('exec', { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [script], interactiveMode: 'Never' } }));
    assert.match(msg, /403 Forbidden/);
    assertHidden(msg, [tok]);
  });

  test('a failing exec plugin: its error output is summarised, never echoed', async () => {
    const script = join(dir, 'bad-plugin.js');
    writeFileSync(script, "process.stderr.write('refresh failed for token stderr-SECRET-5555\\nsecond line\\n'); process.exit(1);");
    const msg = await failure(kubeconfig('exec-bad', { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [script] } }));
    assert.match(msg, /exec plugin "node" failed; its error output \(2 lines, \d+ bytes\) is not shown/);
    assert.ok(!msg.includes('stderr-SECRET-5555') && !msg.includes('second line'), msg);
  });

  test('an exec plugin that cannot run names the system error', async () => {
    const msg = await failure(kubeconfig('exec-missing', { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: join(dir, 'no-such-plugin') } }));
    assert.match(msg, /exec plugin "no-such-plugin" could not run \(ENOENT\)/);
  });
});

describe('Redactor and helpers', () => {
  test('client keys (inline PEM or base64 of it): every body line is hidden', () => {
    const body = ['MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefghij'];
    const pem = `-----BEGIN PRIVATE KEY-----\n${body.join('\n')}\n-----END PRIVATE KEY-----\n`;
    const r = new Redactor();
    r.add(Buffer.from(pem).toString('base64'));
    const out = r.redact(`bad key near ${body[1]} and ${body[0]}`);
    assert.equal(out, 'bad key near [redacted] and [redacted]');
  });

  test('a secret containing another is hidden whole; short strings are never secrets', () => {
    const r = new Redactor();
    r.add('abc');
    r.addBasic('user', 'longpassword');
    assert.equal(r.redact('user:longpassword abc'), '[redacted] abc');
  });

  test('TokenFile re-reads after the period and keeps the last token when a refresh fails', () => {
    let content: string | Error = 'one\n';
    const tf = new TokenFile('/t', 1000, () => { if (content instanceof Error) throw content; return content; });
    assert.equal(tf.token(0), 'one');
    content = 'two\n';
    assert.equal(tf.token(500), 'one');
    assert.equal(tf.token(1500), 'two');
    content = Object.assign(new Error('gone'), { code: 'ENOENT' });
    assert.equal(tf.token(3000), 'two');
    assert.throws(() => new TokenFile('/t', 1000, () => { throw content; }).token(0), /failed to read token file "\/t": ENOENT/);
  });

  test('pluginFailure: a not-JSON answer is named without its text', () => {
    const e = pluginFailure({ exec: { command: '/usr/bin/aws' } }, new SyntaxError('Unexpected token "tok-SECRET" is not valid JSON'));
    assert.equal(e.message, 'exec plugin "aws" printed something that is not an ExecCredential');
  });
});
