// Plain data shapes of the annotated walkthrough: notes, anchors, resolutions, CodeTour.
// Nothing here touches the file system or the network, so the client can import these types.

/** A place in the upstream Go source, named by symbol rather than by line (lines move between releases). */
export interface Anchor {
  repo: string; // "kubernetes/kubernetes"
  ref: string; // a tag, KUBERNETES_TAG
  path: string; // repository-relative, forward slashes
  /** `Func`, `Type.method` or `Type`. */
  symbol: string;
  /** One short sentence: why this code matters for the note. */
  why?: string;
}

export interface Note {
  id: string;
  chapter: string;
  order: number;
  title: string;
  question: string;
  /** Placement reason codes and insight codes this note explains. */
  codes: string[];
  anchors: Anchor[];
  /** Markdown body without the front matter. */
  body: string;
  /** Repository-relative source file the note came from (for messages). */
  source: string;
  /** Front matter `checked`: which statements were checked against which upstream file at which commit or tag. */
  checked?: string[];
}

export interface Chapter {
  id: string;
  order: number;
  title: string;
  summary: string;
}

export interface StepSummary {
  id: string;
  title: string;
  question: string;
  order: number;
}

export interface ChapterSummary extends Chapter {
  steps: StepSummary[];
}

/** Where an anchor lands. `uri` when found in a local checkout, `url` always (GitHub blob at the tag). */
export interface AnchorLocation {
  anchor: Anchor;
  /** How the line was found: a local checkout, the fetched raw file, or not at all. */
  via: 'checkout' | 'fetched' | 'none';
  /** file:// URI of the file in the local checkout. */
  uri?: string;
  /** GitHub blob URL at the tag, with `#L<line>` when the line is known. */
  url: string;
  /** 1-based line of the declaration. */
  line?: number;
  /** Every 1-based line that matched when more than one did. */
  ambiguous?: number[];
  /** Why there is no line, or why the result is doubtful. */
  why?: string;
}

/** Gets the raw text of a file at a ref; resolves undefined when it is not there, rejects when offline. */
export interface SourceFetcher {
  fetch(repo: string, ref: string, path: string): Promise<string | undefined>;
}

export interface VerifyProblem {
  noteId: string;
  anchor: Anchor;
  kind: 'missing-file' | 'missing-symbol' | 'ambiguous' | 'malformed-symbol';
  message: string;
}

export interface VerifyResult {
  checked: number;
  problems: VerifyProblem[];
}

/** The subset of CodeTour's `.tour` schema that we write. */
export interface CodeTourStep {
  file: string;
  title?: string;
  description: string;
  pattern?: string;
}

export interface CodeTour {
  $schema: string;
  title: string;
  description?: string;
  ref: string;
  isPrimary?: boolean;
  steps: CodeTourStep[];
}
