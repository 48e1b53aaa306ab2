// Field paths rendered the way k8s.io/apimachinery/pkg/util/validation/field.Path prints them:
// `spec.template.spec.tolerations[2].effect`, `spec.template.spec.nodeSelector[disktype]`.
// Plain strings keep them cheap to build and easy to compare; parseFieldPath turns them back into steps.

export type FieldPath = string;

export function child(path: FieldPath, ...names: string[]): FieldPath {
  let p = path;
  for (const n of names) p = p ? `${p}.${n}` : n;
  return p;
}

export function index(path: FieldPath, i: number): FieldPath {
  return `${path}[${i}]`;
}

export function key(path: FieldPath, k: string): FieldPath {
  return `${path}[${k}]`;
}

/** One step of a path: a field name, or a bracketed part that is a list index or a map key depending on the node it lands on. */
export type PathStep = { field: string } | { bracket: string };

/** Inverse of child/index/key. Map keys may contain dots and slashes (label keys) but never `]`. */
export function parseFieldPath(path: FieldPath): PathStep[] {
  const steps: PathStep[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') { i++; continue; }
    if (c === '[') {
      const end = path.indexOf(']', i);
      const stop = end < 0 ? path.length : end;
      steps.push({ bracket: path.slice(i + 1, stop) });
      i = stop + 1;
      continue;
    }
    let j = i;
    while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
    steps.push({ field: path.slice(i, j) });
    i = j;
  }
  return steps;
}
