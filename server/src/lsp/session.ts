// The state one server owns: open documents, the per-(uri, version) analysis cache, settings, inventory.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
import { homedir } from 'node:os';
import { TextDocuments } from 'vscode-languageserver/node';
import type { ClientCapabilities, Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysisContext, FileAnalysis } from '../analysis/types';
import type { AnalysisLimits } from '../analysis/index';
import { resolveFeatureGates } from '../core/k8sVersion';
import type { FeatureGates } from '../core/k8sVersion';
import type { NodeInfo, Pod } from '../core/types';
import type { ClusterNodeInfos } from '../core/scheduler/nodeInfo';
import type { InventoryInfo } from '../protocol';
import { parseYamlText } from '../yaml/parse';
import type { ParsedFile } from '../yaml/parse';
import { inventoryChanged } from '../protocol';
import type { ServerDeps } from './deps';
import {
  SETTINGS_SECTION, analysisLimitsFor, inventoryMessagesFromInitOptions, normalizeSettings, settingsFromInitOptions,
  trustedFromInitOptions,
} from './settings';
import { InventoryAnnouncer, describeInventory, inventoryLabelForMessages, requestedRef } from './inventoryStatus';
import type { LoadedInventory } from './deps';
import type { KceSettings } from './settings';

export interface ClientSupport {
  configuration: boolean;
  pullDiagnostics: boolean;
  diagnosticRefresh: boolean;
  codeLensRefresh: boolean;
  workspaceFolders: boolean;
  markdownHover: boolean;
  snippets: boolean;
}

export function readClientSupport(c: ClientCapabilities): ClientSupport {
  return {
    configuration: !!c.workspace?.configuration,
    pullDiagnostics: !!c.textDocument?.diagnostic,
    diagnosticRefresh: !!c.workspace?.diagnostics?.refreshSupport,
    codeLensRefresh: !!c.workspace?.codeLens?.refreshSupport,
    workspaceFolders: !!c.workspace?.workspaceFolders,
    markdownHover: !!c.textDocument?.hover?.contentFormat?.includes('markdown'),
    snippets: !!c.textDocument?.completion?.completionItem?.snippetSupport,
  };
}

/** One analysis of one version of one document, with the context it was made in. */
export interface Analyzed {
  uri: string;
  doc: TextDocument;
  analysis: FileAnalysis;
  settings: KceSettings;
  gates: FeatureGates;
  nodes: NodeInfo[];
}

interface CacheEntry { version: number; key: string; analysis: FileAnalysis }
interface YamlEntry { version: number; file: ParsedFile }

function uriToPath(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

// How long a client that does not advertise workspace/configuration gets to answer it anyway.
const UNADVERTISED_CONFIGURATION_MS = 1000;

export class Session {
  readonly documents = new TextDocuments(TextDocument);
  support: ClientSupport = readClientSupport({});
  /** Settings pushed by the client (initializationOptions, didChangeConfiguration); the fallback for pulls. */
  globalSettings: KceSettings = normalizeSettings({});
  /** Settings from initializationOptions: the base pushed settings apply over. */
  initSettings: KceSettings = normalizeSettings({});
  /** Whether inventory problems also go out as window/showMessage (a client may show its own). */
  inventoryMessages = true;
  workspaceFolders: string[] = [];
  inventory: InventoryInfo = { source: 'none', count: 0, label: 'no inventory yet' };
  nodes: NodeInfo[] = [];
  /** The scheduler's per-node state of the inventory in use (pods included); a watched cluster updates it in place. */
  scheduling: ClusterNodeInfos | undefined;
  /** The inventory's own pods a DaemonSet may own, whole (sample cluster, nodes file): where kce/plan starts. */
  ownerPods: Pod[] | undefined;
  /** The source the settings asked for at the last load. */
  requestedSource: KceSettings['inventory']['source'] = 'auto';
  /** Bumped on every inventory or settings change, so cached analyses made before it are not reused. */
  generation = 0;
  /** Counts analyzeText calls (tests check that one version is analysed once). */
  analyses = 0;
  /** Whether the client says the workspace is trusted (initializationOptions.trusted); untrusted never reads a kubeconfig. */
  trusted = false;
  /** Called after a pushed inventory change (live cluster); the server re-evaluates open documents. */
  onInventoryUpdated: (() => void) | undefined;
  private loadSeq = 0;
  /** The last "pods unknown" reason announced (said once per change, as inventory problems are). */
  private podsError = '';
  private podsErrorSaid = '';
  private readonly announcer = new InventoryAnnouncer();
  private requested = requestedRef('auto', undefined, undefined);

  private readonly settingsCache = new Map<string, Promise<KceSettings>>();
  /** A client without the workspace/configuration capability failed to answer it once: use pushed settings only. */
  private configurationUnanswered = false;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly yamlCache = new Map<string, YamlEntry>();
  private inventoryLoad: Promise<void> = Promise.resolve();
  private inventoryStarted = false;

  constructor(readonly connection: Connection, readonly deps: ServerDeps) {}

  log(message: string): void {
    try {
      this.connection.console.log(message);
    } catch {
      /* the connection may be gone while shutting down */
    }
  }

  // ---------- settings ----------

  /** Reads initializationOptions: settings, trust (only a real boolean), message preferences. */
  initialize(init: unknown): void {
    this.initSettings = settingsFromInitOptions(init);
    this.globalSettings = this.initSettings;
    this.trusted = trustedFromInitOptions(init);
    this.inventoryMessages = inventoryMessagesFromInitOptions(init);
  }

  setWorkspaceFolders(uris: string[]): void {
    this.workspaceFolders = uris.map(uriToPath).filter((p): p is string => !!p);
  }

  /** Settings for a resource: pulled from the client when it can answer, else the pushed ones. */
  settingsFor(uri?: string): Promise<KceSettings> {
    if (!this.support.configuration && this.configurationUnanswered) return Promise.resolve(this.globalSettings);
    const k = uri ?? '';
    let p = this.settingsCache.get(k);
    if (!p) {
      const item = uri ? { scopeUri: uri, section: SETTINGS_SECTION } : { section: SETTINGS_SECTION };
      p = this.pullSettings(item).then((raw) => (raw == null ? this.globalSettings : normalizeSettings(raw, this.globalSettings)));
      this.settingsCache.set(k, p);
    }
    return p;
  }

  /**
   * workspace/configuration, also asked of a client that does not advertise it: Neovim 0.7 answers from
   * `settings = { kce = … }` without saying so and without pushing them. Such a client gets a short deadline;
   * an error or silence means it cannot answer, and it is not asked again.
   */
  private pullSettings(item: { scopeUri?: string; section: string }): Promise<unknown> {
    const asked = this.connection.workspace.getConfiguration(item) as Promise<unknown>;
    if (this.support.configuration) return asked.catch(() => null);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((r) => { timer = setTimeout(() => r('timeout'), UNADVERTISED_CONFIGURATION_MS); });
    return Promise.race([asked.catch(() => 'error' as const), deadline]).then((raw) => {
      clearTimeout(timer);
      if (raw === 'timeout' || raw === 'error') {
        this.configurationUnanswered = true;
        return null;
      }
      return raw;
    });
  }

  /** A configuration change: forget pulled settings, take pushed ones, reload the inventory. */
  async settingsChanged(pushed: unknown): Promise<void> {
    // `{settings: {kce: …}}` (Neovim, Helix, eglot, VS Code's push) or the section itself; over the init options.
    if (pushed != null && typeof pushed === 'object' && Object.keys(pushed).length > 0) {
      this.globalSettings = normalizeSettings(pushed, this.initSettings);
    }
    this.settingsCache.clear();
    this.generation++;
    await this.reloadInventory();
  }

  forget(uri: string): void {
    this.settingsCache.delete(uri);
    this.cache.delete(uri);
    this.yamlCache.delete(uri);
  }

  // ---------- inventory ----------

  /** Loads the inventory once, lazily; later calls wait for the same load. */
  ensureInventory(): Promise<void> {
    if (!this.inventoryStarted) {
      this.inventoryStarted = true;
      this.inventoryLoad = this.loadInventoryNow();
    }
    return this.inventoryLoad;
  }

  async reloadInventory(): Promise<void> {
    this.inventoryStarted = true;
    // Chain after any load in flight so the last one wins.
    this.inventoryLoad = this.inventoryLoad.then(() => this.loadInventoryNow());
    return this.inventoryLoad;
  }

  private async loadInventoryNow(): Promise<void> {
    const folder = this.workspaceFolders[0];
    const settings = await this.settingsFor(folder ? pathToUri(folder) : undefined);
    this.requestedSource = settings.inventory.source;
    let file: string | undefined;
    if (settings.inventory.file) {
      file = isAbsolute(settings.inventory.file) || !folder ? settings.inventory.file : resolve(folder, settings.inventory.file);
    }
    const podsFile = settings.inventory.podsFile && !isAbsolute(settings.inventory.podsFile) && folder
      ? resolve(folder, settings.inventory.podsFile) : settings.inventory.podsFile;
    this.requested = requestedRef(settings.inventory.source, file, settings.inventory.context);
    const seq = ++this.loadSeq;
    let kubeconfig = settings.inventory.kubeconfig;
    if (kubeconfig.startsWith('~/')) kubeconfig = resolve(homedir(), kubeconfig.slice(2));
    else if (kubeconfig && !isAbsolute(kubeconfig) && folder) kubeconfig = resolve(folder, kubeconfig);
    try {
      const loaded = await this.deps.loadInventory({
        source: settings.inventory.source,
        file,
        ...(podsFile ? { podsFile } : {}),
        workspaceFolders: this.workspaceFolders,
        trusted: this.trusted,
        ...(settings.inventory.context ? { context: settings.inventory.context } : {}),
        ...(kubeconfig ? { kubeconfig } : {}),
        // Pushed changes of a watched cluster; those of a load that a later one replaced are dropped.
        onUpdate: (l) => {
          if (seq !== this.loadSeq) return;
          this.applyLoaded(l);
          this.onInventoryUpdated?.();
        },
      });
      this.setLoaded(loaded);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.setLoaded({ source: 'none', nodes: [], error: message, problem: { kind: 'loadFailed', message } });
    }
    this.bumpAndNotify();
  }

  private setLoaded(loaded: LoadedInventory): void {
    this.nodes = loaded.nodes;
    this.scheduling = loaded.scheduling;
    this.ownerPods = loaded.ownerPods;
    this.podsError = loaded.podsError ?? '';
    this.inventory = describeInventory(this.requested, loaded);
  }

  /** A new inventory pushed by a watched source: analyses made before it are stale. */
  applyLoaded(loaded: LoadedInventory): void {
    this.setLoaded(loaded);
    this.bumpAndNotify();
  }

  private bumpAndNotify(): void {
    this.generation++;
    this.cache.clear();
    const said = this.announcer.next(this.inventory);
    try {
      this.connection.sendNotification(inventoryChanged, this.inventory).catch(() => undefined);
      // Standard LSP too, so that every client's user sees a fallback (Neovim's :messages, eglot's echo area).
      if (said.log) this.log(said.log);
      if (said.show && this.inventoryMessages) this.connection.sendNotification('window/showMessage', said.show).catch(() => undefined);
      this.announcePodsError();
    } catch {
      /* connection closed */
    }
  }

  // Pods that cannot be read leave every node looking empty to the scheduler's filters: say so once per change.
  private announcePodsError(): void {
    if (this.podsError === this.podsErrorSaid) return;
    this.podsErrorSaid = this.podsError;
    if (!this.podsError) {
      this.log('kce inventory: the pods of the cluster are readable again');
      return;
    }
    const message = `kce: pods unknown on ${this.inventory.label ?? 'the cluster'}: ${this.podsError}. The scheduler's ` +
      'filters see the nodes without their pods (free cpu and memory, host ports and pod affinity are not checked).';
    this.log(message);
    if (this.inventoryMessages) this.connection.sendNotification('window/showMessage', { type: 2, message }).catch(() => undefined);
  }

  // ---------- analysis ----------

  /**
   * The analysis of the current version of an open document, computed at most once per
   * (uri, version, settings, inventory). Undefined for a closed document.
   */
  async analyze(uri: string): Promise<Analyzed | undefined> {
    if (!this.documents.get(uri)) return undefined;
    const settings = await this.settingsFor(uri);
    await this.ensureInventory();
    // Re-read after the awaits: the document may have changed or closed meanwhile.
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const { gates } = resolveFeatureGates(settings.featureGates);
    const key = `${this.generation}|${settings.insights.enabled}|${JSON.stringify(gates)}`;
    const hit = this.cache.get(uri);
    let analysis: FileAnalysis;
    if (hit && hit.version === doc.version && hit.key === key) analysis = hit.analysis;
    else {
      const ctx: AnalysisContext = {
        nodes: this.nodes, gates, insights: settings.insights.enabled, inventoryLabel: this.inventoryLabel(),
        ...(this.scheduling ? { scheduling: this.scheduling } : {}),
      };
      const limits = analysisLimitsFor(settings, this.trusted);
      analysis = await this.analyzeOnce(uri, doc.version, key, doc.getText(), ctx, hit?.analysis, limits);
    }
    return { uri, doc, analysis, settings, gates, nodes: this.nodes };
  }

  // One run per (uri, version, key), in slices when the deps can (other requests are answered meanwhile).
  private readonly running = new Map<string, { version: number; key: string; promise: Promise<FileAnalysis> }>();

  private async analyzeOnce(
    uri: string, version: number, key: string, text: string, ctx: AnalysisContext, previous: FileAnalysis | undefined,
    limits: AnalysisLimits,
  ): Promise<FileAnalysis> {
    const run = this.running.get(uri);
    if (run && run.version === version && run.key === key) return run.promise;
    this.analyses++;
    const promise = this.deps.analyzeTextAsync
      ? this.deps.analyzeTextAsync(text, ctx, previous, limits)
      : Promise.resolve(this.deps.analyzeText(text, ctx, previous, limits));
    this.running.set(uri, { version, key, promise });
    try {
      const analysis = await promise;
      // A run that ends after a newer version was analysed does not replace it.
      const cached = this.cache.get(uri);
      if (!cached || cached.version <= version) this.cache.set(uri, { version, key, analysis });
      return analysis;
    } finally {
      if (this.running.get(uri)?.promise === promise) this.running.delete(uri);
    }
  }

  /** The YAML documents of an analysed version with positions, parsed lazily once per version (hover, completion, quick fixes). */
  yaml(a: Analyzed): ParsedFile {
    if (a.analysis.parsed) return { documents: a.analysis.parsed, errors: [] };
    const hit = this.yamlCache.get(a.uri);
    if (hit && hit.version === a.doc.version) return hit.file;
    const file = parseYamlText(a.doc.getText());
    this.yamlCache.set(a.uri, { version: a.doc.version, file });
    return file;
  }

  /** Does a changed file matter for the inventory: it is the file in use, or a new file while on the fallback sample. */
  inventoryAffectedBy(uri: string, created: boolean): boolean {
    const path = uriToPath(uri);
    if (!path) return false;
    if (this.inventory.source === 'file' && this.inventory.detail === path) return true;
    return created && this.inventory.source === 'sample' && this.requestedSource === 'auto';
  }

  /** How diagnostics name the inventory: the one in use, with the fallback reason. */
  inventoryLabel(): string {
    return inventoryLabelForMessages(this.inventory);
  }

  /** A stamp that changes whenever the diagnostics of a document could change. */
  resultId(uri: string): string | undefined {
    const doc = this.documents.get(uri);
    return doc ? `${doc.version}:${this.generation}` : undefined;
  }
}

export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}
