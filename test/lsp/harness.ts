// In-process LSP harness: the real server wiring on one side of two PassThrough streams,
// a plain JSON-RPC client on the other.
import { PassThrough } from 'node:stream';
import {
  ProposedFeatures,
  createConnection,
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node';
import type { ClientCapabilities, Diagnostic, ProtocolConnection, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createServer } from '../../server/src/lsp/server';
import type { ServerDeps } from '../../server/src/lsp/deps';
import type { Session } from '../../server/src/lsp/session';
import type { InventoryInfo } from '../../server/src/protocol';

export const PULL_CAPS: ClientCapabilities = {
  workspace: { configuration: true, diagnostics: { refreshSupport: true }, codeLens: { refreshSupport: true }, workspaceFolders: true },
  textDocument: {
    diagnostic: { dynamicRegistration: false },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    completion: { completionItem: { snippetSupport: false } },
    synchronization: { dynamicRegistration: false },
  },
};

export const PUSH_CAPS: ClientCapabilities = {
  textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] }, publishDiagnostics: { versionSupport: true } },
};

export interface HarnessOptions {
  deps: ServerDeps;
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /** Answers workspace/configuration: settings per scopeUri. */
  configuration?: (scopeUri: string | undefined, section: string | undefined) => unknown;
  workspaceFolders?: { uri: string; name: string }[];
  pushDelayMs?: number;
}

export interface Harness {
  client: ProtocolConnection;
  session: Session;
  published: PublishDiagnosticsParams[];
  inventoryEvents: InventoryInfo[];
  configRequests: ({ scopeUri?: string; section?: string })[];
  refreshes: { diagnostics: number; codeLens: number };
  logs: string[];
  /** window/showMessage notifications, in order. */
  shown: { type: number; message: string }[];
  open(uri: string, text: string, version?: number): Promise<void>;
  change(uri: string, version: number, text: string): Promise<void>;
  close(uri: string): Promise<void>;
  /** Waits for a publishDiagnostics for uri (and version when given). */
  waitDiagnostics(uri: string, version?: number, timeoutMs?: number): Promise<Diagnostic[]>;
  pull(uri: string, previousResultId?: string): Promise<{ kind: string; items?: Diagnostic[]; resultId?: string }>;
  dispose(): Promise<void>;
}

export async function startServer(opts: HarnessOptions): Promise<Harness> {
  const up = new PassThrough();
  const down = new PassThrough();
  // Reader/writer rather than raw streams: with streams the library exits the process when they close.
  const serverConn = createConnection(ProposedFeatures.all, new StreamMessageReader(up), new StreamMessageWriter(down));
  const session = createServer(serverConn, opts.deps, { pushDelayMs: opts.pushDelayMs ?? 5 });
  serverConn.listen();

  const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: (() => void)[] = [];
  const inventoryEvents: InventoryInfo[] = [];
  const configRequests: { scopeUri?: string; section?: string }[] = [];
  const refreshes = { diagnostics: 0, codeLens: 0 };
  const logs: string[] = [];
  const shown: { type: number; message: string }[] = [];

  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of waiters.splice(0)) w();
  });
  client.onNotification('kce/inventoryChanged', (p: InventoryInfo) => { inventoryEvents.push(p); });
  client.onNotification('window/logMessage', (p: { message: string }) => { logs.push(p.message); });
  client.onNotification('window/showMessage', (p: { type: number; message: string }) => { shown.push(p); });
  client.onRequest('workspace/configuration', (p: { items: { scopeUri?: string; section?: string }[] }) =>
    p.items.map((it) => {
      configRequests.push(it);
      return opts.configuration ? opts.configuration(it.scopeUri, it.section) : null;
    }),
  );
  client.onRequest('client/registerCapability', () => null);
  client.onRequest('workspace/diagnostic/refresh', () => { refreshes.diagnostics++; return null; });
  client.onRequest('workspace/codeLens/refresh', () => { refreshes.codeLens++; return null; });
  client.onRequest('workspace/workspaceFolders', () => opts.workspaceFolders ?? null);
  client.listen();

  await client.sendRequest('initialize', {
    // No process id: the library would poll it with an interval that keeps the test process alive.
    processId: null,
    rootUri: opts.workspaceFolders?.[0]?.uri ?? null,
    workspaceFolders: opts.workspaceFolders ?? null,
    capabilities: opts.capabilities ?? PULL_CAPS,
    initializationOptions: opts.initializationOptions,
  });
  await client.sendNotification('initialized', {});

  const h: Harness = {
    client,
    session,
    published,
    inventoryEvents,
    configRequests,
    refreshes,
    logs,
    shown,
    open: (uri, text, version = 1) =>
      client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } }),
    change: (uri, version, text) =>
      client.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] }),
    close: (uri) => client.sendNotification('textDocument/didClose', { textDocument: { uri } }),
    waitDiagnostics: (uri, version, timeoutMs = 3000) =>
      new Promise<Diagnostic[]>((resolve, reject) => {
        const find = (): boolean => {
          for (let i = published.length - 1; i >= 0; i--) {
            const p = published[i]!;
            if (p.uri === uri && (version === undefined || p.version === version)) {
              resolve(p.diagnostics);
              return true;
            }
          }
          return false;
        };
        if (find()) return;
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} v${version ?? '*'} in ${timeoutMs} ms`)), timeoutMs);
        const again = (): void => {
          if (find()) clearTimeout(timer);
          else waiters.push(again);
        };
        waiters.push(again);
      }),
    pull: (uri, previousResultId) =>
      client.sendRequest('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) }),
    dispose: async () => {
      try {
        // No `exit` notification: in-process it would end the test runner.
        await client.sendRequest('shutdown');
      } catch {
        /* already gone */
      }
      // Streams first: a server request still being written then fails on the stream and vscode-jsonrpc logs that
      // through the still-open connection (handled); on a disposed connection that log throws, unhandled.
      up.destroy();
      down.destroy();
      client.dispose();
      serverConn.dispose();
    },
  };
  return h;
}

/** Removes the `$0` cursor marker; returns the text, the offset and the LSP position of the marker. */
export function cursor(textWithMarker: string): { text: string; offset: number; position: { line: number; character: number } } {
  const offset = textWithMarker.indexOf('$0');
  if (offset < 0) throw new Error('fixture has no $0 marker');
  const text = textWithMarker.slice(0, offset) + textWithMarker.slice(offset + 2);
  const position = TextDocument.create('file:///x', 'yaml', 0, text).positionAt(offset);
  return { text, offset, position };
}

/** Removes `[[` `]]` range markers; returns the text and the marked LSP range. */
export function marked(textWithMarkers: string): { text: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } } {
  const s = textWithMarkers.indexOf('[[');
  const withoutStart = textWithMarkers.slice(0, s) + textWithMarkers.slice(s + 2);
  const e = withoutStart.indexOf(']]');
  if (s < 0 || e < 0) throw new Error('fixture has no [[ ]] range');
  const text = withoutStart.slice(0, e) + withoutStart.slice(e + 2);
  const doc = TextDocument.create('file:///x', 'yaml', 0, text);
  return { text, range: { start: doc.positionAt(s), end: doc.positionAt(e) } };
}
