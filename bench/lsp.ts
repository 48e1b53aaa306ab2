// LSP figures (README.md, Benchmarks): edit → diagnostics over stdio against the built server, with a 5,000-node
// inventory loaded, for an 80-line DaemonSet and for one edit in a 1,000-document file; server RSS. Also the
// opening of 16 MiB of tiny documents (issue 10, item 6) in a server of its own: time and peak RSS.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import type { ProtocolConnection } from 'vscode-languageserver/node';
import { generateNodesJson } from '../server/src/inventory/files/generate';

export interface LspFigures {
  smallEditMs: number;
  bigEditMs: number;
  bigOpenMs: number;
  rssMiB: number;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The peak RSS of a process so far (VmHWM). */
function peakMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export interface Served {
  c: ProtocolConnection;
  child: ChildProcess;
  pull(uri: string): Promise<{ items: unknown[] }>;
  open(uri: string, text: string): Promise<void>;
  stop(): Promise<void>;
}

/** dist/server.js over stdio, initialized (with `initializationOptions` when given), answering workspace/configuration with `settings`. */
export async function serve(root: string, dir: string, settings: unknown, initializationOptions?: unknown): Promise<Served> {
  const child = spawn(process.execPath, [join(root, 'dist', 'server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const c = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  c.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => settings));
  c.onRequest('client/registerCapability', () => null);
  c.onRequest('workspace/diagnostic/refresh', () => null);
  c.onRequest('workspace/codeLens/refresh', () => null);
  c.listen();
  await c.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    ...(initializationOptions ? { initializationOptions } : {}),
    capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: {}, synchronization: {} } },
  });
  await c.sendNotification('initialized', {});
  return {
    c,
    child,
    pull: (uri) => c.sendRequest('textDocument/diagnostic', { textDocument: { uri } }) as Promise<{ items: unknown[] }>,
    open: (uri, text) =>
      c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } }),
    async stop() {
      try {
        await c.sendRequest('shutdown');
        await c.sendNotification('exit');
      } finally {
        c.dispose();
        child.kill();
      }
    },
  };
}

export async function lspFigures(root: string, smallText: string, bigText: string): Promise<LspFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'kce-bench-'));
  const nodesFile = join(dir, 'nodes.json');
  writeFileSync(nodesFile, generateNodesJson(5000));
  const server = await serve(root, dir, {
    inventory: { source: 'file', file: nodesFile },
    insights: { enabled: true },
  });
  const { c, child, pull } = server;
  try {
    // 80-line DaemonSet: each edit changes one label value, then diagnostics are pulled.
    const small = pathToFileURL(join(dir, 'small.yaml')).href;
    await server.open(small, smallText);
    const first = await pull(small);
    if (!first.items) throw new Error('no diagnostics report');
    const inv = (await c.sendRequest('kce/inventory', {})) as { count: number };
    if (inv.count !== 5000) throw new Error(`inventory has ${inv.count} nodes, expected 5000`);
    const smallTimes: number[] = [];
    for (let v = 2; v < 62; v++) {
      const t0 = performance.now();
      await c.sendNotification('textDocument/didChange', {
        textDocument: { uri: small, version: v },
        contentChanges: [{ text: smallText.replace('ebs-csi-node', `ebs-csi-node-${v}`) }],
      });
      await pull(small);
      smallTimes.push(performance.now() - t0);
    }

    // 1,000-document file: open, then edit one document in the middle, incrementally.
    const big = pathToFileURL(join(dir, 'big.yaml')).href;
    const t0 = performance.now();
    await server.open(big, bigText);
    await pull(big);
    const bigOpenMs = performance.now() - t0;
    const lines = bigText.split('\n');
    const editLine = Math.floor(lines.length / 2);
    const bigTimes: number[] = [];
    for (let v = 2; v < 22; v++) {
      const t1 = performance.now();
      await c.sendNotification('textDocument/didChange', {
        textDocument: { uri: big, version: v },
        contentChanges: [
          { range: { start: { line: editLine, character: 0 }, end: { line: editLine, character: 0 } }, text: '#' },
        ],
      });
      await pull(big);
      bigTimes.push(performance.now() - t1);
    }
    return { smallEditMs: median(smallTimes), bigEditMs: median(bigTimes), bigOpenMs, rssMiB: rssMiB(child.pid!) };
  } finally {
    await server.stop();
  }
}

/** Open a text of many tiny documents in a fresh server (sample inventory) and pull its diagnostics: ms, peak MiB. */
export async function tinyDocumentsFigures(
  root: string,
  text: string,
): Promise<{ ms: number; peakMiB: number; items: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'kce-bench-tiny-'));
  const server = await serve(root, dir, { inventory: { source: 'sample' } });
  try {
    const uri = pathToFileURL(join(dir, 'tiny.yaml')).href;
    const t0 = performance.now();
    await server.open(uri, text);
    const r = await server.pull(uri);
    return { ms: performance.now() - t0, peakMiB: peakMiB(server.child.pid!), items: r.items.length };
  } finally {
    await server.stop();
  }
}
