// The real implementations behind the server's dependencies: the product analysis and the inventory
// sources (settings file, a nodes file found in the workspace, the embedded sample cluster).
import { analyzeText } from '../analysis/index';
import { analyzeTextCooperatively } from '../analysis/cooperative';
import { fileSource, sampleSource } from '../inventory/source';
import { clusterProblemKind } from './inventoryStatus';
import type { CandidateFile, InventorySource } from '../inventory/source';
import { findWorkspaceNodes, readRegularFile } from '../inventory/workspaceScan';
import type { InventoryProblemKind } from '../protocol';
import type { InventoryRequest, LoadedInventory, ServerDeps } from './deps';
import { LiveCluster } from '../cluster/kubeLive';
import type { LiveState } from '../cluster/kubeLive';

// A nodes file the user named may be large (as the CLI's), but must be a regular file.
const SETTINGS_FILE_MAX_BYTES = 256 * 1024 * 1024;

// `cause`: why the requested source was not used (the sample cluster stands in).
function toLoaded(src: InventorySource, cause?: string, kind?: InventoryProblemKind): LoadedInventory {
  const loaded: LoadedInventory = { source: src.kind, detail: src.path ?? src.label, nodes: src.nodes };
  const fileErrors = src.errors.slice(0, 3).map((e) => e.message);
  const errors = [...(cause ? [`${cause}; using the sample cluster`] : []), ...fileErrors];
  if (errors.length) loaded.error = errors.join('; ');
  if (cause && kind) loaded.problem = { kind, message: cause };
  else if (fileErrors.length) loaded.problem = { kind: 'fileInvalid', message: fileErrors.join('; ') };
  return loaded;
}

// A live cluster state as the session takes it: with no nodes yet, the sample cluster stands in (said in the error).
function fromLive(s: LiveState): LoadedInventory {
  const out: LoadedInventory = { source: 'cluster', detail: s.context, nodes: s.nodes, status: s.status, live: s.live, stale: s.stale };
  if (s.context && !s.context.startsWith('(')) out.context = s.context;
  if (s.error) {
    out.error = s.error;
    out.problem = { kind: clusterProblemKind(s.errorKind), message: s.error };
  }
  if (!s.live && !s.stale) {
    const cause = s.error ?? s.status;
    const problem = { kind: clusterProblemKind(s.errorKind), message: cause };
    return { ...out, source: 'sample', detail: 'sample cluster', nodes: sampleSource().nodes, error: `${cause}; using the sample cluster`, problem };
  }
  return out;
}

export async function loadInventory(req: InventoryRequest, live?: LiveCluster): Promise<LoadedInventory> {
  // Leaving the cluster source closes its watch (and cancels a list in flight).
  if (req.source !== 'cluster') await live?.close();
  const readSettingsFile = async (): Promise<CandidateFile | { error: string } | undefined> => {
    if (!req.file) return undefined;
    // Settings may come from an untrusted workspace: only a regular file, size-capped before reading.
    const r = await readRegularFile(req.file, SETTINGS_FILE_MAX_BYTES);
    return 'error' in r ? { error: r.error } : { path: req.file, text: r.text };
  };
  switch (req.source) {
    case 'sample':
      return toLoaded(sampleSource());
    case 'file': {
      const f = await readSettingsFile();
      if (!f) return toLoaded(sampleSource(), 'kce.inventory.source is "file" but kce.inventory.file is not set', 'fileNotSet');
      if ('error' in f) return toLoaded(sampleSource(), f.error, 'fileUnreadable');
      return toLoaded(fileSource(f));
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
      if (f && 'error' in f) return toLoaded(sampleSource(), f.error, 'fileUnreadable');
      if (f) return toLoaded(fileSource(f));
      const found = await findWorkspaceNodes(req.workspaceFolders);
      if (found.source) return toLoaded(found.source);
      return toLoaded(sampleSource(), found.notes.length ? found.notes.join('; ') : undefined, 'workspaceScan');
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
