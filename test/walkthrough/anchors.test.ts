import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile, readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveAnchor, blobUrl } from '../../server/src/walkthrough/anchors';
import { createGitHubRawFetcher, memoizeFetcher } from '../../server/src/walkthrough/fetcher';
import type { Anchor, SourceFetcher } from '../../server/src/walkthrough/types';
import { KUBERNETES_TAG } from '../../server/src/core/k8sVersion';

const fixtures = join(__dirname, '..', 'fixtures', 'go');
const v1 = join(fixtures, 'v1');
const v2 = join(fixtures, 'v2');
const DC = 'pkg/controller/daemon/daemon_controller.go';
const anchor = (symbol: string, path = DC): Anchor => ({ repo: 'kubernetes/kubernetes', ref: KUBERNETES_TAG, path, symbol });
const lineOf = (root: string, path: string, prefix: string) =>
  readFileSync(join(root, ...path.split('/')), 'utf8').split('\n').findIndex((l) => l.startsWith(prefix)) + 1;

/** A fake fetcher: serves files from a directory tree, records calls; `offline` makes it reject like a network error. */
function fakeFetcher(root: string | undefined, calls: string[] = []): SourceFetcher {
  return {
    async fetch(repo, ref, path) {
      calls.push(`${repo}@${ref}:${path}`);
      if (!root) throw new Error('getaddrinfo ENOTFOUND');
      try { return await readFile(join(root, ...path.split('/')), 'utf8'); } catch { return undefined; }
    },
  };
}

describe('resolveAnchor in a local checkout', () => {
  test('finds the declaration line in each version of the file', async () => {
    for (const root of [v1, v2]) {
      const loc = await resolveAnchor(anchor('DaemonSetsController.manage'), { checkout: root });
      const want = lineOf(root, DC, 'func (dsc *DaemonSetsController) manage(');
      assert.equal(loc.via, 'checkout');
      assert.equal(loc.line, want);
      assert.equal(loc.uri, pathToFileURL(join(root, ...DC.split('/'))).href);
      assert.equal(loc.url, `https://github.com/kubernetes/kubernetes/blob/${KUBERNETES_TAG}/${DC}#L${want}`);
      assert.equal(loc.why, undefined);
    }
  });

  test('does not fetch when the checkout has the symbol', async () => {
    const calls: string[] = [];
    await resolveAnchor(anchor('NewPod'), { checkout: v1, fetcher: fakeFetcher(v2, calls) });
    assert.deepEqual(calls, []);
  });

  test('ambiguous matches open the first and say so', async () => {
    const loc = await resolveAnchor(anchor('init', 'pkg/kubelet/config/config.go'), { checkout: v1 });
    assert.equal(loc.ambiguous?.length, 2);
    assert.equal(loc.line, loc.ambiguous?.[0]);
    assert.match(loc.why ?? '', /declared 2 times/);
  });

  test('symbol gone from the checkout (drift): falls back to the file fetched at the tag', async () => {
    const calls: string[] = [];
    const loc = await resolveAnchor(anchor('predicates'), { checkout: v2, fetcher: fakeFetcher(v1, calls) });
    assert.deepEqual(calls, [`kubernetes/kubernetes@${KUBERNETES_TAG}:${DC}`]);
    assert.equal(loc.via, 'fetched');
    assert.equal(loc.line, lineOf(v1, DC, 'func predicates('));
    assert.equal(loc.uri, undefined);
    assert.match(loc.why ?? '', /predicates is not declared/);
  });
});

describe('resolveAnchor without a checkout', () => {
  test('online: the line comes from the fetched raw file', async () => {
    const loc = await resolveAnchor(anchor('NodeShouldRunDaemonPod'), { fetcher: fakeFetcher(v2) });
    const want = lineOf(v2, DC, 'func NodeShouldRunDaemonPod(');
    assert.equal(loc.via, 'fetched');
    assert.equal(loc.line, want);
    assert.equal(loc.url, blobUrl(anchor('NodeShouldRunDaemonPod'), want));
    assert.equal(loc.why, undefined);
  });

  test('offline: the blob URL at the tag without a line, and why', async () => {
    const loc = await resolveAnchor(anchor('NodeShouldRunDaemonPod'), { fetcher: fakeFetcher(undefined) });
    assert.equal(loc.via, 'none');
    assert.equal(loc.line, undefined);
    assert.equal(loc.url, `https://github.com/kubernetes/kubernetes/blob/${KUBERNETES_TAG}/${DC}`);
    assert.match(loc.why ?? '', /no local kubernetes checkout/);
    assert.match(loc.why ?? '', /could not be fetched \(getaddrinfo ENOTFOUND\)/);
  });

  test('no fetcher at all: URL without a line', async () => {
    const loc = await resolveAnchor(anchor('NewPod'));
    assert.equal(loc.via, 'none');
    assert.equal(loc.line, undefined);
    assert.match(loc.why ?? '', /fetching from GitHub is off/);
  });

  test('file missing at the tag, and symbol missing in the fetched file', async () => {
    const a = await resolveAnchor(anchor('NewPod', 'pkg/nope.go'), { fetcher: fakeFetcher(v1) });
    assert.equal(a.line, undefined);
    assert.match(a.why ?? '', /pkg\/nope.go does not exist at/);
    const b = await resolveAnchor(anchor('predicates'), { fetcher: fakeFetcher(v2) });
    assert.equal(b.line, undefined);
    assert.match(b.why ?? '', /predicates is not declared/);
  });

  test('a malformed symbol is never looked up', async () => {
    const calls: string[] = [];
    const loc = await resolveAnchor(anchor('manage()'), { checkout: v1, fetcher: fakeFetcher(v1, calls) });
    assert.equal(loc.via, 'none');
    assert.deepEqual(calls, []);
    assert.match(loc.why ?? '', /not a Go symbol/);
  });
});

describe('GitHub raw fetcher (cache only, no network)', () => {
  test('serves a cached file without a request', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'kce-cache-'));
    const file = join(cache, 'kubernetes', 'kubernetes', KUBERNETES_TAG, ...DC.split('/'));
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, 'package daemon\n\nfunc Cached() {}\n');
    // An unroutable base URL would fail if a request were made.
    const f = createGitHubRawFetcher({ cacheDir: cache, baseUrl: 'https://127.0.0.1:1', timeoutMs: 200 });
    const loc = await resolveAnchor(anchor('Cached'), { fetcher: f });
    assert.equal(loc.via, 'fetched');
    assert.equal(loc.line, 3);
  });

  test('a failed request rejects, which resolveAnchor turns into the offline fallback', async () => {
    const f = createGitHubRawFetcher({ baseUrl: 'https://127.0.0.1:1', timeoutMs: 500 });
    await assert.rejects(f.fetch('kubernetes/kubernetes', KUBERNETES_TAG, DC));
    const loc = await resolveAnchor(anchor('NewPod'), { fetcher: f });
    assert.equal(loc.via, 'none');
    assert.match(loc.why ?? '', /could not be fetched/);
  });

  test('memoizeFetcher asks once per file and forgets failures', async () => {
    const calls: string[] = [];
    const m = memoizeFetcher(fakeFetcher(v1, calls));
    await m.fetch('kubernetes/kubernetes', KUBERNETES_TAG, DC);
    await m.fetch('kubernetes/kubernetes', KUBERNETES_TAG, DC);
    assert.equal(calls.length, 1);
    let fail = true;
    const flaky = memoizeFetcher({ fetch: async () => { if (fail) throw new Error('offline'); return 'x'; } });
    await assert.rejects(flaky.fetch('r', 't', 'p'));
    fail = false;
    assert.equal(await flaky.fetch('r', 't', 'p'), 'x');
  });
});
