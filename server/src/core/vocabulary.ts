// Kubernetes' fixed vocabularies, written once: taint effects, operators, strategy types, well-known labels.
// Pure constants (no imports), so the client may use them too (eslint.config.mjs allow-list).

/** v1.TaintEffect values, in the order kube-apiserver lists them. */
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

/** v1.NodeSelectorOperator values (node affinity matchExpressions). */
export const NODE_SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'] as const;

/** Operators a node affinity matchFields requirement accepts. */
export const NODE_FIELD_SELECTOR_OPERATORS = ['In', 'NotIn'] as const;

/** metav1.LabelSelectorOperator values. */
export const LABEL_SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;

/** v1.TolerationOperator values without a feature gate. */
export const TOLERATION_OPERATORS = ['Equal', 'Exists'] as const;

/** Toleration operators behind the TaintTolerationComparisonOperators gate. */
export const TOLERATION_COMPARISON_OPERATORS = ['Gt', 'Lt'] as const;

/** DaemonSet update strategy types. */
export const DAEMONSET_STRATEGY_TYPES = ['RollingUpdate', 'OnDelete'] as const;

/** The zone labels of a node: the GA one, then the deprecated beta one. */
export const ZONE_LABELS = ['topology.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/zone'] as const;

/** A node's zone from its labels ('' when it has none). */
export function zoneOf(labels: Readonly<Record<string, string>> | undefined): string {
  for (const k of ZONE_LABELS) {
    const v = labels && Object.hasOwn(labels, k) ? labels[k] : undefined;
    if (v !== undefined) return v;
  }
  return '';
}
