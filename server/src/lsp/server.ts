// Wires a Session and the feature handlers onto one LSP connection. Used by server.ts and by in-process tests.
import {
  CodeActionKind,
  CodeLensRefreshRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FileChangeType,
  ResponseError,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import type {
  CodeAction,
  CodeLens,
  CompletionItem,
  Connection,
  DocumentSymbol,
  DocumentDiagnosticReport,
  Hover,
  InitializeParams,
  InitializeResult,
} from 'vscode-languageserver/node';
import type { ServerDeps } from './deps';
import { Session, readClientSupport } from './session';
import { diagnosticsOf } from './diagnostics';
import { codeLensesOf } from './codeLens';
import { hoverAt } from './hover';
import { completionAt } from './completion';
import { codeActionsFor } from './codeActions';
import { documentSymbolsOf } from './symbols';
import { registerRequests } from './requests';
import { checkPhase, isServing, safe, setPhase } from './safe';
import { listContexts } from '../protocol';
import type { ListContextsResult } from '../protocol';

export interface ServerOptions {
  /** Delay before pushing diagnostics after an edit (push clients only). */
  pushDelayMs?: number;
  /** Window in which watched-cluster changes are coalesced into one re-evaluation. */
  inventoryDebounceMs?: number;
}

export const SERVER_NAME = 'kce';

export function createServer(connection: Connection, deps: ServerDeps, options: ServerOptions = {}): Session {
  const session = new Session(connection, deps);
  // Requests before initialize get ServerNotInitialized; after shutdown, InvalidRequest (see safe.ts).
  setPhase(session, 'starting');
  const pushDelay = options.pushDelayMs ?? 50;
  const timers = new Map<string, NodeJS.Timeout>();
  let dynamicConfig = false;
  let dynamicWatch = false;

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    setPhase(session, 'running');
    session.support = readClientSupport(params.capabilities);
    dynamicConfig = !!params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration;
    dynamicWatch = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    // Settings, trust (a real boolean the client sends; else no kubeconfig is read) and message preferences.
    session.initialize(params.initializationOptions);
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    session.setWorkspaceFolders(folders);
    const result: InitializeResult = {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        completionProvider: { triggerCharacters: [':', ' ', '/', '.'], resolveProvider: false },
        documentSymbolProvider: { label: 'Kubernetes objects' },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: SERVER_NAME },
    };
    if (session.support.pullDiagnostics) {
      result.capabilities.diagnosticProvider = { identifier: SERVER_NAME, interFileDependencies: false, workspaceDiagnostics: false };
    }
    return result;
  });

  connection.onInitialized(() => {
    if (dynamicConfig) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'kce' }).catch(() => undefined);
    // Nodes files: the one in use, or a new one that `auto` would pick up.
    if (dynamicWatch) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml,json}' }] }).catch(() => undefined);
    if (session.support.workspaceFolders) {
      try {
        connection.workspace.onDidChangeWorkspaceFolders((e) => {
          const removed = new Set(e.removed.map((f) => f.uri));
          void (async () => {
            const current = (await connection.workspace.getWorkspaceFolders().catch(() => null)) ?? [];
            session.setWorkspaceFolders(current.map((f) => f.uri).filter((u) => !removed.has(u)));
            await session.reloadInventory();
            await refreshAll();
          })();
        });
      } catch {
        /* client without folder notifications */
      }
    }
    void session.ensureInventory().then(() => refreshAll());
  });

  // ---------- diagnostics ----------

  async function push(uri: string): Promise<void> {
    const a = await session.analyze(uri);
    if (!a) return;
    await connection.sendDiagnostics({ uri, version: a.doc.version, diagnostics: diagnosticsOf(a) });
  }

  function schedulePush(uri: string, delay: number): void {
    if (session.support.pullDiagnostics) return;
    const t = timers.get(uri);
    if (t) clearTimeout(t);
    timers.set(uri, setTimeout(() => {
      timers.delete(uri);
      push(uri).catch((e: unknown) => session.log(`kce: diagnostics failed: ${String(e)}`));
    }, delay));
  }

  /** After a settings or inventory change: everything open may have other results now. */
  async function refreshAll(): Promise<void> {
    try {
      if (session.support.pullDiagnostics) {
        if (session.support.diagnosticRefresh) await connection.languages.diagnostics.refresh();
      } else {
        for (const d of session.documents.all()) schedulePush(d.uri, 0);
      }
      if (session.support.codeLensRefresh) await connection.sendRequest(CodeLensRefreshRequest.type);
    } catch (e) {
      session.log(`kce: refresh failed: ${String(e)}`);
    }
  }

  // A watched cluster pushes changes: re-evaluate open documents, at most once per window.
  let inventoryTimer: NodeJS.Timeout | undefined;
  session.onInventoryUpdated = () => {
    if (inventoryTimer) return;
    inventoryTimer = setTimeout(() => {
      inventoryTimer = undefined;
      void refreshAll();
    }, options.inventoryDebounceMs ?? 150);
  };

  connection.onRequest(listContexts, safe(session, 'kce/listContexts', { contexts: [], current: '', files: [], error: 'not available' } as ListContextsResult, async (params) => {
    if (!deps.listContexts) return { contexts: [], current: '', files: [], error: 'not available' };
    const settings = await session.settingsFor();
    const kubeconfig = params?.kubeconfig || settings.inventory.kubeconfig;
    return deps.listContexts({ trusted: session.trusted, ...(kubeconfig ? { kubeconfig } : {}) });
  }));

  session.documents.onDidOpen((e) => schedulePush(e.document.uri, 0));
  session.documents.onDidChangeContent((e) => schedulePush(e.document.uri, pushDelay));
  session.documents.onDidClose((e) => {
    const uri = e.document.uri;
    const t = timers.get(uri);
    if (t) clearTimeout(t);
    timers.delete(uri);
    session.forget(uri);
    if (!session.support.pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] }).catch(() => undefined);
  });

  connection.languages.diagnostics.on(safe(session, 'textDocument/diagnostic', { kind: 'full', items: [] } as DocumentDiagnosticReport, async (params) => {
    const uri = params.textDocument.uri;
    const a = await session.analyze(uri);
    if (!a) return { kind: 'full', items: [] };
    const resultId = `${a.doc.version}:${session.generation}`;
    if (params.previousResultId === resultId) return { kind: 'unchanged', resultId };
    return { kind: 'full', resultId, items: diagnosticsOf(a) };
  }));

  // ---------- settings ----------

  connection.onDidChangeConfiguration((change) => {
    if (!isServing(session)) return;
    void session.settingsChanged(change.settings).then(() => refreshAll());
  });

  connection.onDidChangeWatchedFiles((params) => {
    if (!isServing(session)) return;
    if (params.changes.some((c) => session.inventoryAffectedBy(c.uri, c.type === FileChangeType.Created))) {
      void session.reloadInventory().then(() => refreshAll());
    }
  });

  // ---------- features ----------

  connection.onCodeLens(safe(session, 'textDocument/codeLens', [] as CodeLens[], async (params) => {
    const a = await session.analyze(params.textDocument.uri);
    return a ? codeLensesOf(a) : [];
  }));

  connection.onHover(safe(session, 'textDocument/hover', null as Hover | null, async (params) => {
    const a = await session.analyze(params.textDocument.uri);
    return a ? hoverAt(a, a.doc.offsetAt(params.position), session) : null;
  }));

  connection.onCompletion(safe(session, 'textDocument/completion', [] as CompletionItem[], async (params) => {
    const a = await session.analyze(params.textDocument.uri);
    return a ? completionAt(a, a.doc.offsetAt(params.position), session) : [];
  }));

  connection.onCodeAction(safe(session, 'textDocument/codeAction', [] as CodeAction[], async (params) => {
    const a = await session.analyze(params.textDocument.uri);
    return a ? codeActionsFor(a, params, session) : [];
  }));

  connection.onDocumentSymbol(safe(session, 'textDocument/documentSymbol', [] as DocumentSymbol[], async (params) => {
    const a = await session.analyze(params.textDocument.uri);
    return a ? documentSymbolsOf(a, session) : [];
  }));

  registerRequests(connection, session);

  connection.onShutdown(async () => {
    setPhase(session, 'shutdown');
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    if (inventoryTimer) clearTimeout(inventoryTimer);
    await deps.dispose?.().catch(() => undefined);
  });

  // A request nobody handles: ServerNotInitialized / InvalidRequest outside the lifecycle, else MethodNotFound.
  connection.onRequest((method: string) => {
    checkPhase(session, method);
    return new ResponseError(ErrorCodes.MethodNotFound, `Unhandled method ${method}`);
  });

  session.documents.listen(servingOnly(connection, session));
  return session;
}

/**
 * The connection as the document manager sees it: its open/change/close/save handlers run only while the server is
 * serving, so text sent before initialize or after shutdown is dropped as the LSP specification asks.
 */
function servingOnly(connection: Connection, session: Session): Connection {
  return new Proxy(connection, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string' || !/^on(Did|Will)\w*TextDocument/.test(prop)) {
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (handler: (...args: unknown[]) => unknown) =>
        (value as (h: (...args: unknown[]) => unknown) => unknown).call(target, (...args: unknown[]) => {
          if (isServing(session)) return handler(...args);
          return undefined;
        });
    },
  });
}
