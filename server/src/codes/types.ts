// The shape of one registry entry. Pure data: no imports beyond the core's pinned tag, so the client
// can import the registry (it is on the client's allow-list in eslint.config.mjs).

/** A Go declaration at KUBERNETES_TAG in kubernetes/kubernetes: `Func`, `Type.method` or `Type`. */
export interface GoSymbol {
  symbol: string;
  /** Repository-relative path of the .go file. */
  path: string;
}

/** Stated instead of a value when the code has none, with the reason (only codes of this product itself). */
export interface None {
  none: string;
}

/**
 * How a diagnostic with this code is shown: `error`/`warning`/`information` are diagnostic severities;
 * `reason` is a placement reason, shown in node tables and hovers rather than as a diagnostic.
 */
export type CodeSeverity = 'error' | 'warning' | 'information' | 'reason';

export interface CodeEntry {
  severity: CodeSeverity;
  /** The upstream function that makes the decision this code reports. */
  go: GoSymbol | None;
  /** The walkthrough note (server/src/walkthrough/notes/) that explains it. */
  note: string | None;
  /** Where a user reads the rule (kubernetes.io, the YAML spec). */
  docs: string | None;
  /** How the message is built: `<file under server/src>#<function>` that writes it, then an example. */
  message: { by: string; example: string };
}

/** A registry family: code → entry, as a const object so that its keys form the code union. */
export type Family = Readonly<Record<string, CodeEntry>>;

export function isNone(v: unknown): v is None {
  return typeof v === 'object' && v !== null && typeof (v as None).none === 'string';
}
