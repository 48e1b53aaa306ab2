// The real language-server deps with the analysis reading a given scheduler state (the per-node usage a pods file
// or a live cluster would give), for tests of the scheduler stage in the editor.
import { analyzeText } from '../../server/src/analysis/index';
import type { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import type { ServerDeps } from '../../server/src/lsp/deps';

/** Synchronous analysis (the cooperative variant is left out) over `state`. */
export function depsWithScheduling(state: ClusterNodeInfos): ServerDeps {
  const { analyzeTextAsync: _cooperative, ...real } = defaultDeps();
  return { ...real, analyzeText: (text, ctx, previous) => analyzeText(text, { ...ctx, scheduling: state }, previous) };
}
