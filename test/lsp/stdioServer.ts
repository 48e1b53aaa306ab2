// The built server bundle spawned over stdio, with a plain JSON-RPC client answering the requests a server sends
// its client (configuration, registration, refreshes). Shared by the stdio tests.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import type { ProtocolConnection } from 'vscode-languageserver/node';

export const ROOT = resolve(__dirname, '../..');
export const SERVER = join(ROOT, 'dist/server.js');

export interface StdioServer {
  c: ProtocolConnection;
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr(): string;
}

/** Spawns dist/server.js --stdio; the connection is listening when this returns. */
export function spawnStdioServer(): StdioServer {
  assert.ok(existsSync(SERVER), `${SERVER} is missing: build it first (npm run build)`);
  const child = spawn(process.execPath, [SERVER, '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const c = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  c.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  c.onRequest('client/registerCapability', () => null);
  c.onRequest('workspace/diagnostic/refresh', () => null);
  c.onRequest('workspace/codeLens/refresh', () => null);
  return { c, child, exited, stderr: () => stderr };
}
