// Work done in steps (a generator that yields where a caller may let other work run) run to its end at once, for
// callers that do not slice it (the CLI, tests, the per-document entry points).

/** The result of `steps`, every step taken now. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
