// kubeconfig loading with kubectl's rules (client-go clientcmd loader_test.go cases as data, plus the
// multi-path KUBECONFIG cases where client-node differs from kubectl).
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KubeconfigError, defaultLoadingRules, listContexts, loadKubeconfig, resolveContext, secretsOf, singleContextConfig } from '../../server/src/cluster/kubeconfig';
import { listKubeContexts } from '../../server/src/cluster/cluster';
import { tempDir } from './apiServer';

const tmp = tempDir('kce-kubeconfig-');
after(() => tmp.cleanup());
let n = 0;
function file(text: string, dir = tmp.dir): string {
  const p = join(dir, `config-${++n}`);
  writeFileSync(p, text);
  return p;
}

// testConfigAlfa / testConfigConflictAlfa of loader_test.go, written as kubeconfig YAML.
const ALFA = `apiVersion: v1
kind: Config
users:
- name: red-user
  user: {token: red-token}
clusters:
- name: cow-cluster
  cluster: {server: "http://cow.org:8080"}
contexts:
- name: federal-context
  context: {user: red-user, cluster: cow-cluster, namespace: hammer-ns}
`;
const CONFLICT_ALFA = `apiVersion: v1
kind: Config
current-context: federal-context
users:
- name: red-user
  user: {token: a-different-red-token}
- name: yellow-user
  user: {token: yellow-token}
clusters:
- name: cow-cluster
  cluster: {server: "http://a-different-cow.org:8080", insecure-skip-tls-verify: true}
- name: donkey-cluster
  cluster: {server: "http://donkey.org:8080", insecure-skip-tls-verify: true}
`;

describe('clientcmd loader_test.go cases', () => {
  const cases: { name: string; run(): void }[] = [
    {
      name: 'TestNonExistentCommandLineFile',
      run() {
        assert.throws(() => loadKubeconfig({ explicitPath: join(tmp.dir, 'bogus_file'), precedence: [] }), (e: unknown) => e instanceof KubeconfigError && e.kind === 'no-kubeconfig' && e.message.includes('bogus_file'));
      },
    },
    {
      name: 'TestToleratingMissingFiles',
      run() {
        // All missing: kubectl only warns while loading; with nothing loaded we say there is no kubeconfig.
        const good = file(ALFA);
        const cfg = loadKubeconfig({ precedence: [join(tmp.dir, 'bogus1'), good, join(tmp.dir, 'bogus2')] });
        assert.deepEqual(cfg.files, [good]);
        assert.deepEqual(cfg.missing, [join(tmp.dir, 'bogus1'), join(tmp.dir, 'bogus2')]);
        assert.throws(() => loadKubeconfig({ precedence: [join(tmp.dir, 'bogus1'), join(tmp.dir, 'bogus3')] }), /no kubeconfig: .*bogus1.*bogus3/);
      },
    },
    {
      name: 'TestErrorReadingFile',
      run() {
        const bad = file('bogus value');
        assert.throws(() => loadKubeconfig({ explicitPath: bad, precedence: [] }), (e: unknown) => e instanceof KubeconfigError && e.message.includes(bad));
      },
    },
    {
      name: 'TestErrorReadingNonFile',
      run() {
        const d = join(tmp.dir, 'a-dir');
        mkdirSync(d, { recursive: true });
        assert.throws(() => loadKubeconfig({ explicitPath: d, precedence: [] }), (e: unknown) => e instanceof KubeconfigError && e.message.includes(d));
      },
    },
    {
      name: 'TestConflictingCurrentContext',
      run() {
        const cmd = file('current-context: any-context-value\n');
        const env = file('current-context: a-different-context\n');
        assert.equal(loadKubeconfig({ explicitPath: cmd, precedence: [env] }).currentContext, 'any-context-value');
      },
    },
    {
      name: 'TestLoadingEmptyMaps',
      run() {
        const cfg = loadKubeconfig({ precedence: [file('current-context: any-context-value\n')] });
        assert.equal(cfg.clusters.size + cfg.users.size + cfg.contexts.size, 0);
        assert.equal(cfg.currentContext, 'any-context-value');
      },
    },
    {
      name: 'TestDuplicateClusterName',
      run() {
        const p = file('clusters:\n- name: kubeconfig-cluster\n  cluster: {server: "https://a"}\n- name: kubeconfig-cluster\n  cluster: {server: "https://b"}\n');
        assert.throws(() => loadKubeconfig({ explicitPath: p, precedence: [] }), /error converting \*\[\]NamedCluster into \*map\[string\]\*api.Cluster: duplicate name "kubeconfig-cluster" in list/);
      },
    },
    {
      name: 'TestDuplicateContextName',
      run() {
        const p = file('contexts:\n- name: kubeconfig-context\n  context: {cluster: a}\n- name: kubeconfig-context\n  context: {cluster: b}\n');
        assert.throws(() => loadKubeconfig({ explicitPath: p, precedence: [] }), /NamedContext into \*map\[string\]\*api.Context: duplicate name "kubeconfig-context" in list/);
      },
    },
    {
      name: 'TestDuplicateUserName',
      run() {
        const p = file('users:\n- name: kubeconfig-user\n  user: {tokenFile: /a}\n- name: kubeconfig-user\n  user: {tokenFile: /b}\n');
        assert.throws(() => loadKubeconfig({ explicitPath: p, precedence: [] }), /NamedAuthInfo into \*map\[string\]\*api.AuthInfo: duplicate name "kubeconfig-user" in list/);
      },
    },
    {
      name: 'TestResolveRelativePaths',
      run() {
        const d1 = join(tmp.dir, 'rel1');
        const d2 = join(tmp.dir, 'rel2', 'inner');
        mkdirSync(d1, { recursive: true });
        mkdirSync(d2, { recursive: true });
        const f1 = join(d1, '.kubeconfig');
        const f2 = join(d2, '.kubeconfig');
        writeFileSync(f1, `users:
- name: relative-user-1
  user: {client-certificate: relative/client/cert, client-key: ../relative/client/key}
- name: absolute-user-1
  user: {client-certificate: /absolute/client/cert, client-key: /absolute/client/key}
- name: relative-cmd-1
  user: {exec: {command: ../relative/client/cmd}}
- name: absolute-cmd-1
  user: {exec: {command: /absolute/client/cmd}}
- name: PATH-cmd-1
  user: {exec: {command: cmd}}
clusters:
- name: relative-server-1
  cluster: {certificate-authority: ../relative/ca}
- name: absolute-server-1
  cluster: {certificate-authority: /absolute/ca}
`);
        writeFileSync(f2, `users:
- name: relative-user-2
  user: {client-certificate: relative/client/cert2, client-key: ../relative/client/key2}
clusters:
- name: relative-server-2
  cluster: {certificate-authority: ../relative/ca2}
`);
        const cfg = loadKubeconfig({ precedence: [f1, f2] });
        const u = (name: string) => cfg.users.get(name)!.value;
        const c = (name: string) => cfg.clusters.get(name)!.value;
        assert.equal(u('relative-user-1')['client-certificate'], join(d1, 'relative/client/cert'));
        assert.equal(u('relative-user-1')['client-key'], join(d1, '../relative/client/key'));
        assert.equal(u('absolute-user-1')['client-certificate'], '/absolute/client/cert');
        assert.equal((u('relative-cmd-1').exec as { command: string }).command, join(d1, '../relative/client/cmd'));
        assert.equal((u('absolute-cmd-1').exec as { command: string }).command, '/absolute/client/cmd');
        assert.equal((u('PATH-cmd-1').exec as { command: string }).command, 'cmd');
        assert.equal(c('relative-server-1')['certificate-authority'], join(d1, '../relative/ca'));
        assert.equal(c('absolute-server-1')['certificate-authority'], '/absolute/ca');
        assert.equal(u('relative-user-2')['client-key'], join(d2, '../relative/client/key2'));
        assert.equal(c('relative-server-2')['certificate-authority'], join(d2, '../relative/ca2'));
      },
    },
    {
      // ExampleMergingSomeWithConflict: the first file's red-user and cow-cluster win whole; new names are added.
      name: 'ExampleMergingSomeWithConflict',
      run() {
        const cfg = loadKubeconfig({ precedence: [file(ALFA), file(CONFLICT_ALFA)] });
        assert.deepEqual(cfg.users.get('red-user')!.value, { token: 'red-token' });
        assert.deepEqual(cfg.clusters.get('cow-cluster')!.value, { server: 'http://cow.org:8080' });
        assert.ok(cfg.clusters.has('donkey-cluster'));
        assert.ok(cfg.users.has('yellow-user'));
        assert.equal(cfg.currentContext, 'federal-context');
      },
    },
  ];
  for (const c of cases) test(c.name, c.run);
});

describe('multi-path KUBECONFIG: kubectl rules, not client-node', () => {
  test('the first file that sets current-context wins (client-node: the last)', () => {
    const a = file('current-context: first\ncontexts:\n- name: first\n  context: {cluster: c}\n');
    const b = file('current-context: second\ncontexts:\n- name: second\n  context: {cluster: c}\n');
    const rules = defaultLoadingRules({ env: [a, b].join(':'), delimiter: ':' });
    assert.equal(loadKubeconfig(rules).currentContext, 'first');
  });

  test('a file without current-context does not stop a later one from setting it', () => {
    const a = file('contexts:\n- name: x\n  context: {cluster: c}\n');
    const b = file('current-context: x\n');
    assert.equal(loadKubeconfig(defaultLoadingRules({ env: `${a}:${b}`, delimiter: ':' })).currentContext, 'x');
  });

  test('a name in two files: the first definition wins (client-node throws)', () => {
    const a = file('contexts:\n- name: shared\n  context: {cluster: from-a, namespace: a-ns}\n');
    const b = file('contexts:\n- name: shared\n  context: {cluster: from-b}\n- name: only-b\n  context: {cluster: b}\n');
    const cfg = loadKubeconfig(defaultLoadingRules({ env: `${a}:${b}`, delimiter: ':' }));
    assert.deepEqual(cfg.contexts.get('shared')!.value, { cluster: 'from-a', namespace: 'a-ns' });
    assert.equal(cfg.contexts.get('shared')!.origin, a);
    assert.ok(cfg.contexts.has('only-b'));
  });

  test('missing files are skipped (client-node throws); empty entries and duplicates are ignored', () => {
    const a = file('current-context: a\n');
    const rules = defaultLoadingRules({ env: `${join(tmp.dir, 'nope')}::${a}:${a}`, delimiter: ':' });
    assert.deepEqual(rules.precedence, [join(tmp.dir, 'nope'), '', a]);
    const cfg = loadKubeconfig(rules);
    assert.deepEqual(cfg.files, [a]);
    assert.equal(cfg.currentContext, 'a');
  });

  test('without KUBECONFIG: ~/.kube/config', () => {
    assert.deepEqual(defaultLoadingRules({ env: '', home: '/home/someone' }).precedence, ['/home/someone/.kube/config']);
  });

  test('an explicit path is the only file read, even with KUBECONFIG set', () => {
    const a = file('current-context: from-explicit\n');
    const read: string[] = [];
    const cfg = loadKubeconfig(defaultLoadingRules({ explicitPath: a, env: '/x:/y', delimiter: ':' }), (p) => {
      read.push(p);
      return p === a ? 'current-context: from-explicit\n' : undefined;
    });
    assert.deepEqual(read, [a]);
    assert.equal(cfg.currentContext, 'from-explicit');
  });

  test('a broken file in the list is an error naming it', () => {
    const good = file(ALFA);
    const bad = file('clusters: 3\n');
    assert.throws(() => loadKubeconfig({ precedence: [good, bad] }), (e: unknown) => e instanceof KubeconfigError && e.kind === 'bad-kubeconfig' && e.message.includes(bad));
  });
});

describe('contexts', () => {
  const two = `current-context: dev
clusters:
- name: c1
  cluster: {server: "https://127.0.0.1:1"}
users:
- name: u1
  user: {token: super-secret-token-value, password: hunter2-password}
contexts:
- name: dev
  context: {cluster: c1, user: u1, namespace: team-a}
- name: prod
  context: {cluster: c1, user: u1}
- name: broken
  context: {cluster: missing, user: u1}
- name: nouser
  context: {cluster: c1, user: ghost}
`;

  test('listContexts: name, cluster, user, namespace, server; never a credential', () => {
    const cfg = loadKubeconfig({ precedence: [file(two)] });
    const list = listContexts(cfg);
    assert.deepEqual(list.map((c) => [c.name, c.cluster, c.user, c.namespace, c.current]), [
      ['broken', 'missing', 'u1', 'default', false],
      ['dev', 'c1', 'u1', 'team-a', true],
      ['nouser', 'c1', 'ghost', 'default', false],
      ['prod', 'c1', 'u1', 'default', false],
    ]);
    assert.equal(list.find((c) => c.name === 'dev')!.server, 'https://127.0.0.1:1');
    const text = JSON.stringify(list);
    assert.ok(!text.includes('super-secret-token-value') && !text.includes('hunter2'));
  });

  test('resolveContext: current, named, unknown, missing cluster or user', () => {
    const cfg = loadKubeconfig({ precedence: [file(two)] });
    assert.equal(resolveContext(cfg).contextName, 'dev');
    assert.equal(resolveContext(cfg).namespace, 'team-a');
    assert.equal(resolveContext(cfg, 'prod').namespace, 'default');
    assert.throws(() => resolveContext(cfg, 'staging'), (e: unknown) => e instanceof KubeconfigError && e.kind === 'unknown-context' && /context "staging" not found.*broken, dev, nouser, prod/.test(e.message));
    assert.throws(() => resolveContext(cfg, 'broken'), /cluster "missing" not found/);
    assert.throws(() => resolveContext(cfg, 'nouser'), /user "ghost" not found/);
    const none = loadKubeconfig({ precedence: [file('contexts:\n- name: a\n  context: {cluster: c}\n')] });
    assert.throws(() => resolveContext(none), (e: unknown) => e instanceof KubeconfigError && e.kind === 'no-context');
  });

  test('secretsOf finds inline credentials, singleContextConfig keeps only the chosen context', () => {
    const cfg = loadKubeconfig({ precedence: [file(two)] });
    const r = resolveContext(cfg, 'prod');
    assert.deepEqual(secretsOf(r.user).sort(), ['hunter2-password', 'super-secret-token-value']);
    const single = JSON.parse(singleContextConfig(r)) as { contexts: unknown[]; 'current-context': string };
    assert.equal(single.contexts.length, 1);
    assert.equal(single['current-context'], 'prod');
  });

  test('tokenFile is resolved against the kubeconfig and kept from client-node (cluster.ts reads it as kubectl)', () => {
    const cfg = loadKubeconfig({ precedence: [file('clusters:\n- name: c\n  cluster: {server: "https://h"}\nusers:\n- name: u\n  user: {tokenFile: tok}\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\n')] });
    const r = resolveContext(cfg, 'x');
    assert.equal(r.user.tokenFile, join(tmp.dir, 'tok'));
    const single = JSON.parse(singleContextConfig(r)) as { users: { user: Record<string, string> }[] };
    assert.equal(single.users[0]!.user['token-file'], undefined);
    assert.equal(single.users[0]!.user.tokenFile, undefined);
  });

  test('an untrusted workspace never reads the kubeconfig', () => {
    let reads = 0;
    const spy = () => {
      reads++;
      return two;
    };
    assert.throws(() => listKubeContexts({ trusted: false, env: '/some/kubeconfig', readFile: spy }), (e: unknown) => e instanceof KubeconfigError && e.kind === 'untrusted');
    assert.equal(reads, 0);
    assert.equal(listKubeContexts({ trusted: true, env: '/some/kubeconfig', readFile: spy }).contexts.length, 4);
    assert.equal(reads, 1);
  });
});
