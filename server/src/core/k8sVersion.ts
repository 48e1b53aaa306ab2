// The Kubernetes release whose logic this product ports. Every port names its upstream function;
// every walkthrough anchor and "open the Go source" link uses this tag.
export const KUBERNETES_TAG = 'v1.35.0';

/** Feature gates that change the ported behaviour; all default to upstream's default at KUBERNETES_TAG. */
export interface FeatureGates {
  /** Toleration operators Gt/Lt (alpha in 1.35, off by default). */
  TaintTolerationComparisonOperators: boolean;
}

export const DEFAULT_FEATURE_GATES: Readonly<FeatureGates> = Object.freeze({
  TaintTolerationComparisonOperators: false,
});

/** Merge a partial map (from settings or `--feature-gates`) over the defaults; unknown names are reported, not applied. */
export function resolveFeatureGates(partial: Record<string, unknown> | undefined): { gates: FeatureGates; unknown: string[] } {
  const gates: FeatureGates = { ...DEFAULT_FEATURE_GATES };
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(partial ?? {})) {
    if (Object.hasOwn(gates, name) && typeof value === 'boolean') (gates as unknown as Record<string, boolean>)[name] = value;
    else unknown.push(name);
  }
  return { gates, unknown };
}
