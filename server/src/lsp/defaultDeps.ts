// The real implementations behind the server's dependencies: the product analysis and the inventory
// sources (settings file, a nodes file found in the workspace, the embedded sample cluster).
import { analyzeText } from '../analysis/index';
import { analyzeTextCooperatively } from '../analysis/cooperative';
import { fileSource, sampleSource, withPodsFileOffThread } from '../inventory/source';
import { clusterProblemKind } from './inventoryStatus';
import type { CandidateFile, InventorySource } from '../inventory/source';
import { findWorkspaceNodes, readRegularFile } from '../inventory/workspaceScan';
import type { InventoryProblemKind } from '../protocol';
import type { InventoryRequest, LoadedInventory, ServerDeps } from './deps';
import { LiveCluster } from '../cluster/kubeLive';
import type { LiveState } from '../cluster/kubeLive';

// A nodes file the user named may be large (as the CLI's), but must be a regular file.
const SETTINGS_FILE_MAX_BYTES = 256 * 1024 * 1024;
// A cluster's pods are what makes a dump big: they go in the pods file, which is read item by item.
const NODES_FILE_WHOLE = 'kce.inventory.file is read whole. For a dump of a cluster with its pods, give the nodes ' +
  'alone (kubectl get nodes -o yaml) and the pods in kce.inventory.podsFile, which is read item by item';

// `cause`: why the requested source was not used (the sample cluster stands in).
function toLoaded(src: InventorySource, cause?: string, kind?: InventoryProblemKind): LoadedInventory {
  const loaded: LoadedInventory = {
    source: src.kind, detail: src.path ?? src.label, nodes: src.nodes, scheduling: src.scheduling, pods: src.pods.length,
    ...(src.podsPath ? { podsFile: src.podsPath } : {}),
    ...(src.ownerPods ? { ownerPods: src.ownerPods } : {}),
  };
  const fileErrors = src.errors.slice(0, 3).map((e) => e.message);
  const errors = [...(cause ? [`${cause}; using the sample cluster`] : []), ...fileErrors];
  if (errors.length) loaded.error = errors.join('; ');
  if (cause && kind) loaded.problem = { kind, message: cause };
  else if (fileErrors.length) loaded.problem = { kind: 'fileInvalid', message: fileErrors.join('; ') };
  return loaded;
}

// A live cluster state as the session takes it: with no nodes yet, the sample cluster stands in (said in the error).
function fromLive(s: LiveState): LoadedInventory {
  const out: LoadedInventory = {
    source: 'cluster', detail: s.context, nodes: s.nodes, status: s.status, live: s.live, stale: s.stale,
    ...(s.scheduling ? { scheduling: s.scheduling, pods: s.pods ?? 0 } : {}),
    ...(s.podsError ? { podsError: s.podsError } : {}),
  };
  if (s.context && !s.context.startsWith('(')) out.context = s.context;
  if (s.error) {
    out.error = s.error;
    out.problem = { kind: clusterProblemKind(s.errorKind), message: s.error };
  }
  if (!s.live && !s.stale) {
    const cause = s.error ?? s.status;
    const problem = { kind: clusterProblemKind(s.errorKind), message: cause };
    const sample = sampleSource();
    return {
      ...out, source: 'sample', detail: 'sample cluster', nodes: sample.nodes, scheduling: sample.scheduling,
      pods: sample.pods.length, error: `${cause}; using the sample cluster`, problem,
    };
  }
  return out;
}

// A pods file from settings replaces the pods of a file or sample source. It may be gigabytes: it is read in worker
// threads, item by item, a regular file up to MAX_PODS_FILE_BYTES (inventory/files/chunkReader.ts) in a trusted
// workspace; an untrusted one (its settings may name any file) keeps the nodes file's cap, as before.
// Unreadable: the source's own pods stay, and the error says why.
// `source` may be a function that reads the nodes: then the pods file's workers start first and read meanwhile.
async function withSettingsPods(
  req: InventoryRequest,
  source: InventorySource | (() => InventorySource),
): Promise<InventorySource> {
  if (!req.podsFile) return typeof source === 'function' ? source() : source;
  const r = await withPodsFileOffThread(source, req.podsFile, req.trusted ? undefined : SETTINGS_FILE_MAX_BYTES);
  const src = r.source;
  if (r.unreadable) return { ...src, errors: [...src.errors, { message: `kce.inventory.podsFile: ${r.unreadable}` }] };
  return src;
}

export async function loadInventory(req: InventoryRequest, live?: LiveCluster): Promise<LoadedInventory> {
  // Leaving the cluster source closes its watch (and cancels a list in flight).
  if (req.source !== 'cluster') await live?.close();
  const withPods = async (src: InventorySource | (() => InventorySource), cause?: string, kind?: InventoryProblemKind) =>
    toLoaded(await withSettingsPods(req, src), cause, kind);
  const readSettingsFile = async (): Promise<CandidateFile | { error: string } | undefined> => {
    if (!req.file) return undefined;
    // Settings may come from an untrusted workspace: only a regular file, size-capped before reading.
    const r = await readRegularFile(req.file, SETTINGS_FILE_MAX_BYTES);
    if ('error' in r) return { error: r.tooLarge ? `${r.error}: ${NODES_FILE_WHOLE}` : r.error };
    return { path: req.file, text: r.text };
  };
  switch (req.source) {
    case 'sample':
      return withPods(sampleSource());
    case 'file': {
      const f = await readSettingsFile();
      if (!f) return withPods(sampleSource(), 'kce.inventory.source is "file" but kce.inventory.file is not set', 'fileNotSet');
      if ('error' in f) return withPods(sampleSource(), f.error, 'fileUnreadable');
      return withPods(() => fileSource(f));
    }
    case 'cluster': {
      if (!req.trusted) return toLoaded(sampleSource(), 'the workspace is not trusted: no kubeconfig is read', 'untrusted');
      if (!live) return toLoaded(sampleSource(), 'the live cluster source is not available here', 'unavailable');
      const state = await live.open({
        trusted: true,
        ...(req.context ? { context: req.context } : {}),
        ...(req.kubeconfig ? { kubeconfig: req.kubeconfig } : {}),
      });
      return fromLive(state);
    }
    default: {
      const f = await readSettingsFile();
      if (f && 'error' in f) return withPods(sampleSource(), f.error, 'fileUnreadable');
      if (f) return withPods(() => fileSource(f));
      const found = await findWorkspaceNodes(req.workspaceFolders);
      if (found.source) return withPods(found.source);
      return withPods(sampleSource(), found.notes.length ? found.notes.join('; ') : undefined, 'workspaceScan');
    }
  }
}

export function defaultDeps(): ServerDeps {
  // The session passes onUpdate with each cluster load; the live cluster reports to the latest one.
  let onUpdate: ((l: LoadedInventory) => void) | undefined;
  const live = new LiveCluster((s) => onUpdate?.(fromLive(s)));
  return {
    analyzeText,
    analyzeTextAsync: analyzeTextCooperatively,
    loadInventory: (req) => {
      onUpdate = req.source === 'cluster' ? req.onUpdate : undefined;
      return loadInventory(req, live);
    },
    listPods: (namespace, selector) => live.listPods(namespace, selector),
    listContexts: async (req) => {
      if (!req.trusted) return { contexts: [], current: '', files: [], error: 'the workspace is not trusted: no kubeconfig is read' };
      try {
        return await live.contexts(req);
      } catch (e) {
        return { contexts: [], current: '', files: [], error: (e as Error).message };
      }
    },
    dispose: () => live.close(),
  };
}
