// The real implementations behind the server's dependencies.
import type { ServerDeps } from './deps';

export function defaultDeps(): ServerDeps {
  return {
    analyzeText() {
      return { documents: [] };
    },
    async loadInventory() {
      return { source: 'none', nodes: [] };
    },
  };
}
