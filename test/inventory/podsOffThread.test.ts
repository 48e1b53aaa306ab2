// A pods file set in kce.inventory.podsFile is read in a worker thread: the language server keeps answering
// requests while a big one loads, and the pods it ends with are those the same file gives when read on the thread.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { writePodsList } from '../../server/src/inventory/files/generatePods';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { defaultWorkers, loadPodsFileOffThread } from '../../server/src/inventory/files/podsLoader';
import { splitPodsFile } from '../../server/src/inventory/files/podsSplit';
import { buildScheduling, loadPodsFileIntoState, sampleSource, withPodsFileOffThread } from '../../server/src/inventory/source';
import { generateNodesJson } from '../../server/src/inventory/files/generate';
import { loadNodesFromText } from '../../server/src/inventory/files/loadNodes';
import { defaultDeps, loadInventory } from '../../server/src/lsp/defaultDeps';
import { startServer, PULL_CAPS } from '../lsp/harness';
import { tempDir } from '../cluster/apiServer';

const tmp = tempDir('kce-pods-offthread-');
after(() => tmp.cleanup());

// 6,000 realistic pods (about 60 MB of kubectl JSON): long enough to load that a blocked thread would show.
const big = join(tmp.dir, 'pods.json');
const fd = openSync(big, 'w');
writePodsList('json', 200, 30, (c) => writeSync(fd, c));
closeSync(fd);

describe('pods file off the main thread', () => {
  test('the worker gives the pods the same file gives on this thread', async () => {
    const here = loadSchedPodsFile(big);
    const there = await loadPodsFileOffThread(big);
    assert.equal(there.readOn, 'workers', 'the workers started (under tsx too)');
    assert.equal(there.reader, 'json-items');
    assert.equal(there.pods.length, 6000);
    assert.deepEqual(there.pods, here.pods);
    assert.deepEqual(there.errors, here.errors);
  });

  test('four workers, the file cut in four at item boundaries: the same pods; how many workers by cores', async () => {
    const here = loadSchedPodsFile(big);
    assert.equal(splitPodsFile(big, 4, 0)?.length, 4);
    const four = await loadPodsFileOffThread(big, { workers: 4, splitAbove: 0 });
    assert.equal(four.readOn, 'workers');
    assert.deepEqual(four.pods, here.pods);
    assert.deepEqual(four.errors, []);
    assert.deepEqual([1, 2, 3, 4, 8, 64].map((cores) => defaultWorkers(cores)), [1, 2, 2, 3, 4, 4]);
  });

  test('a worker that cannot run: the file is read on this thread', async () => {
    const broken = join(tmp.dir, 'broken-worker.js');
    writeFileSync(broken, "throw new Error('a broken bundle');\n");
    const events: string[] = [];
    const r = await loadPodsFileOffThread(big, {
      workerScript: broken,
      onRestart: () => events.push('restart'),
      onBatch: (b) => events.push(`batch ${b.length}`),
    });
    // Nothing was handed on before the workers failed: nothing to drop.
    assert.deepEqual(events, ['batch 6000']);
    assert.equal(r.readOn, 'this thread');
    assert.equal(r.reader, 'json-items');
    assert.deepEqual(r.errors, []);
  });

  test('pods handed on by a reading that then fails are dropped before the next reading hands on its own', async () => {
    // A file whose second half is not in kubectl's layout: the split's second part fails after the first part
    // handed on its pods; one worker then reads the whole file again (the whole-text loader, in the end).
    const odd = join(tmp.dir, 'half-odd.json');
    const text = readFileSync(big, 'utf8');
    const half = text.indexOf('\n        {', text.length / 2);
    // Its items' closing braces one column left of the opening ones (still JSON).
    writeFileSync(odd, text.slice(0, half) + text.slice(half).replace(/\n {8}\}/g, '\n       }'));
    let held = new Set<string>(); // the pods the caller holds: never one twice
    let restarts = 0;
    const r = await loadPodsFileOffThread(odd, {
      workers: 2,
      splitAbove: 0,
      onRestart: () => {
        assert.ok(held.size > 0, 'a restart with nothing handed on');
        restarts++;
        held = new Set();
      },
      onBatch: (b) => {
        for (const p of b) {
          const key = `${p.metadata?.namespace}/${p.metadata?.name}`;
          assert.ok(!held.has(key), `${key} handed on twice without a restart between`);
          held.add(key);
        }
      },
    });
    assert.equal(r.readOn, 'workers');
    assert.equal(r.reader, 'whole-text');
    assert.deepEqual(r.errors, []);
    assert.equal(held.size, 6000);
    // The split's first part, then the single worker's item reader, handed on pods before each failed.
    assert.equal(restarts, 2);
  });

  test('the per-node state built batch by batch equals the one built at once', async () => {
    const src = sampleSource(0);
    const r = await withPodsFileOffThread(src, big);
    assert.equal(r.unreadable, undefined);
    assert.equal(r.source.pods.length, 6000);
    assert.equal(r.source.scheduling.podCount(), 6000);
    const missing = await withPodsFileOffThread(src, join(tmp.dir, 'missing.json'));
    assert.match(missing.unreadable ?? '', /cannot read .*missing\.json: no such file/);
    assert.equal(missing.source, src);
    // Not regular files: refused before a byte is read (a FIFO without a writer must not hang the worker).
    const fifo = join(tmp.dir, 'pods.fifo');
    spawnSync('mkfifo', [fifo]);
    for (const [path, message] of [
      ['/dev/zero', /\/dev\/zero is not a regular file/],
      [fifo, /pods\.fifo is not a regular file/],
      [tmp.dir, /is a folder/],
    ] as const) {
      const r2 = await withPodsFileOffThread(src, path);
      assert.match(r2.unreadable ?? '', message);
      assert.equal(r2.source, src);
    }
  });

  test('nodes read by a function: it runs once the workers have started; the state holds every pod on them', async () => {
    const nodes = loadNodesFromText(generateNodesJson(200), 'nodes.json').nodes;
    let portsWhenCalled = 0;
    const { pods, scheduling } = await loadPodsFileIntoState(() => {
      portsWhenCalled = process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
      return nodes;
    }, big);
    assert.ok(portsWhenCalled >= 1, 'the workers were running while the nodes were read');
    assert.equal(pods.length, 6000);
    const atOnce = buildScheduling(nodes, loadSchedPodsFile(big).pods);
    assert.equal(atOnce.nodes().filter((ni) => ni.pods.length > 0).length, 200, 'every node holds pods');
    assert.equal(scheduling.podCount(), atOnce.podCount());
    for (const ni of atOnce.nodes()) assert.deepEqual(scheduling.get(ni.node.name)!.requested, ni.requested);
  });

  test('nodes that cannot be read: the workers stop and the error is thrown', async () => {
    await assert.rejects(
      loadPodsFileIntoState(() => {
        throw new Error('no nodes here');
      }, big),
      /no nodes here/,
    );
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(
      process.getActiveResourcesInfo().filter((r) => r === 'MessagePort'),
      [],
      'no worker left reading',
    );
  });

  test('batches that piled up while this thread was busy are handled a few per turn of the event loop', async () => {
    // Each batch costs this thread 5 ms here; the loader yields after 8 ms, so a turn handles at most two.
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    let turn = 0;
    let loading = true;
    const tick = () => {
      turn++;
      if (loading) setImmediate(tick);
    };
    const perTurn = new Map<number, number>();
    let handled = 0;
    const result = loadPodsFileOffThread(big, {
      onBatch: (b) => {
        handled += b.length;
        perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
        busy(5);
      },
    });
    busy(1000); // the worker reads on and its batches queue up meanwhile
    setImmediate(tick);
    const r = await result;
    loading = false;
    assert.equal(r.readOn, 'workers');
    assert.equal(r.reader, 'json-items');
    assert.equal(handled, 6000);
    const most = Math.max(...perTurn.values());
    assert.ok(most <= 2, `${most} batches in one turn (${[...perTurn.values()].join(' ')})`);
    assert.ok(perTurn.size >= 12, `batches handled over ${perTurn.size} turns (${[...perTurn].join(" ")})`);
  });

  test('an untrusted workspace keeps the 256 MiB cap; a trusted one reads past it (a binary file here)', async () => {
    const sparse = join(tmp.dir, 'big.json');
    writeFileSync(sparse, '');
    truncateSync(sparse, 300 * 1024 * 1024); // sparse: no disk used
    const req = { source: 'sample' as const, podsFile: sparse, workspaceFolders: [] };
    const untrusted = await loadInventory(req);
    assert.match(untrusted.error ?? '', /podsFile: .*big\.json is 314572800 bytes, over the 268435456-byte limit/);
    const trusted = await loadInventory({ ...req, trusted: true });
    assert.match(trusted.error ?? '', /kce\.inventory\.podsFile: .*big\.json is a binary file/);
    assert.equal(trusted.pods, 43); // the sample's own pods stay
    // The same file as the nodes file: refused (it is read whole), saying where a dump's pods go instead.
    const asNodes = await loadInventory({ source: 'file', file: sparse, workspaceFolders: [], trusted: true });
    assert.equal(asNodes.source, 'sample');
    assert.match(asNodes.error ?? '', /big\.json is 314572800 bytes, over the 268435456-byte limit: kce\.inventory\.file is read whole\. .*kce\.inventory\.podsFile, which is read item by item/);
  });

  test('the language server answers requests while a big pods file loads', async () => {
    const h = await startServer({
      deps: defaultDeps(),
      capabilities: PULL_CAPS,
      initializationOptions: { settings: { kce: { inventory: { source: 'sample', podsFile: big } } } },
    });
    try {
      const started = performance.now();
      const latencies: number[] = [];
      let answeredWhileLoading = 0;
      const loaded = () => h.session.scheduling?.podCount() === 6000;
      while (!loaded() && performance.now() - started < 60_000) {
        const sent = performance.now();
        await h.client.sendRequest('kce/listContexts', {});
        latencies.push(performance.now() - sent);
        if (!loaded()) answeredWhileLoading++;
        await new Promise((r) => setTimeout(r, 5));
      }
      const took = performance.now() - started;
      assert.ok(loaded(), 'the pods file loaded');
      assert.ok(answeredWhileLoading >= 3, `answered ${answeredWhileLoading} requests during a ${took} ms load`);
      const worst = Math.max(...latencies);
      // Read on the server's thread, the load would delay an answer by about its whole length.
      const all = latencies.map(Math.round).join(' ');
      assert.ok(worst < took / 2, `slowest answer ${worst} ms during a ${took} ms load (${all})`);
    } finally {
      await h.dispose();
    }
  });
});
