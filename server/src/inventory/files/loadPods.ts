// Pods from the output of `kubectl get pods -o yaml|json`: a Pod, a PodList, a List, or a multi-document stream.
import type { Pod } from '../../core/types';
import { collectObjects, parseObjectsText } from './loadNodes';
import type { LoadError, ParserUsed } from './loadNodes';

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export interface LoadedPods {
  pods: Pod[];
  errors: LoadError[];
  parser: ParserUsed;
}

/** Load pods; a pod needs metadata.name (spec and status are kept as they are). */
export function loadPodsFromText(text: string, sourceName: string): LoadedPods {
  const parsed = parseObjectsText(text, sourceName);
  const pods: Pod[] = [];
  const errors = parsed.errors;
  for (const { obj, where, range } of collectObjects(parsed.values, 'Pod', 'PodList')) {
    const meta = isObj(obj) && isObj(obj.metadata) ? obj.metadata : undefined;
    if (!meta || typeof meta.name !== 'string' || meta.name === '') {
      errors.push({ message: `${sourceName} (${where}): a Pod needs metadata.name`, range });
      continue;
    }
    pods.push({ kind: 'Pod', ...(obj as Pod) });
  }
  return { pods, errors, parser: parsed.parser };
}
