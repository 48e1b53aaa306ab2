// Where each code is decided upstream, so a view can link a reason to the Go function. Read from the code
// registry (server/src/codes/, on the client's import allow-list: pure data, no node modules).
import { GO_LINKS, goFileUrl, goSymbolFor } from '../../../server/src/codes/index';
import type { GoSymbol } from '../../../server/src/codes/index';

export { KUBERNETES_TAG } from '../../../server/src/core/k8sVersion';

export interface GoRef { func: string; url: string }

function ref(g: GoSymbol): GoRef {
  return { func: g.symbol, url: goFileUrl(g.path) };
}

/** The Go function that decides a code; the controller's entry point for codes without one. */
export function goRefFor(code: string): GoRef {
  const g = goSymbolFor(code);
  return g ? { func: g.symbol, url: g.url } : ref(GO_LINKS.nodeShouldRun);
}

export const GO_PLAN: GoRef = ref(GO_LINKS.syncNodes);
export const GO_ROLLOUT: GoRef = ref(GO_LINKS.rollingUpdate);
