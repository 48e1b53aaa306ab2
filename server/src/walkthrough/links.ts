// Links inside note markdown: `[text](anchor:Symbol)`, `[text](anchor:path/to/file.go#Symbol)` and
// `[text](note:note-id)`. The TextMate grammar in syntaxes/walkthrough-anchors.tmLanguage.json
// highlights the same forms.
import { blobUrl } from './anchors';
import type { Anchor, Note } from './types';

export interface AnchorRef { text: string; path?: string; symbol: string; offset: number }
export interface NoteRef { text: string; id: string; offset: number }

const ANCHOR_LINK = /\[([^\]]*)\]\(anchor:(?:([^)#\s]+)#)?([^)\s]+)\)/g;
const NOTE_LINK = /\[([^\]]*)\]\(note:([^)\s]+)\)/g;

export function anchorRefs(markdown: string): AnchorRef[] {
  const out: AnchorRef[] = [];
  for (const m of markdown.matchAll(ANCHOR_LINK)) {
    const ref: AnchorRef = { text: m[1] ?? '', symbol: m[3] ?? '', offset: m.index ?? 0 };
    if (m[2]) ref.path = m[2];
    out.push(ref);
  }
  return out;
}

export function noteRefs(markdown: string): NoteRef[] {
  return [...markdown.matchAll(NOTE_LINK)].map((m) => ({ text: m[1] ?? '', id: m[2] ?? '', offset: m.index ?? 0 }));
}

/** The note's own anchor that an in-text reference points to, if any. */
export function anchorForRef(note: Note, ref: { path?: string; symbol: string }): Anchor | undefined {
  return note.anchors.find((a) => a.symbol === ref.symbol && (ref.path === undefined || a.path === ref.path));
}

/**
 * Rewrites the note's private link forms into ordinary links: anchors to GitHub blob URLs at the
 * tag (or to what `anchorHref` returns), notes to what `noteHref` returns (plain text when it
 * returns undefined).
 */
export function rewriteLinks(
  note: Note,
  anchorHref: (a: Anchor) => string = (a) => blobUrl(a),
  noteHref: (id: string) => string | undefined = () => undefined,
): string {
  return note.body
    .replace(ANCHOR_LINK, (whole, text: string, path: string | undefined, symbol: string) => {
      const a = anchorForRef(note, path !== undefined ? { path, symbol } : { symbol });
      return a ? `[${text}](${anchorHref(a)})` : whole;
    })
    .replace(NOTE_LINK, (_whole, text: string, id: string) => {
      const href = noteHref(id);
      return href ? `[${text}](${href})` : text;
    });
}
