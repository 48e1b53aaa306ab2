// The walkthrough's API for the CLI, the language server and (through requests) the tree view:
// chapters and steps, note markdown, code → note, anchor resolution, drift check, CodeTour export.
import { KUBERNETES_TAG } from '../core/k8sVersion';
import { blobUrl, lookupInCheckout, resolveAnchor, type ResolveOptions } from './anchors';
import { ALL_CODES, noteIdForCode } from './codes';
import { declarationPattern, isWellFormedSymbol } from './goSymbols';
import { anchorForRef, anchorRefs, noteRefs, rewriteLinks } from './links';
import { CHAPTERS, NOTES } from './notes.generated';
import type {
  Anchor, AnchorLocation, Chapter, ChapterSummary, CodeTour, Note, VerifyProblem, VerifyResult,
} from './types';

export type * from './types';
export { resolveAnchor, blobUrl, type ResolveOptions } from './anchors';
export { createGitHubRawFetcher, memoizeFetcher } from './fetcher';
export { findGoSymbol, parseSymbol, isWellFormedSymbol, declarationPattern } from './goSymbols';
export { PLACEMENT_REASON_CODES, INSIGHT_CODES } from './codes';

export const UPSTREAM_REPO = 'kubernetes/kubernetes';

export function allNotes(): readonly Note[] {
  return NOTES;
}

export function allChapters(): readonly Chapter[] {
  return CHAPTERS;
}

/** Chapters in order, each with its steps in order (the tree view's model). */
export function listChapters(notes: readonly Note[] = NOTES, chapters: readonly Chapter[] = CHAPTERS): ChapterSummary[] {
  return chapters.map((c) => ({
    ...c,
    steps: notes.filter((n) => n.chapter === c.id).map((n) => ({ id: n.id, title: n.title, question: n.question, order: n.order })),
  }));
}

export function getNote(id: string, notes: readonly Note[] = NOTES): Note | undefined {
  return notes.find((n) => n.id === id);
}

/** The previous and next steps across chapters, for next/previous navigation. */
export function adjacentNotes(id: string, notes: readonly Note[] = NOTES): { previous?: string; next?: string } {
  const i = notes.findIndex((n) => n.id === id);
  if (i < 0) return {};
  const out: { previous?: string; next?: string } = {};
  if (i > 0) out.previous = (notes[i - 1] as Note).id;
  if (i + 1 < notes.length) out.next = (notes[i + 1] as Note).id;
  return out;
}

/** The id of the note that explains a code (placement reason, insight, validation reason, yaml.*): from the registry. */
export function noteForCode(code: string): string | undefined {
  return noteIdForCode(code);
}

export interface NoteMarkdownOptions {
  /** Link target for an anchor; default the GitHub blob URL at the tag. */
  anchorHref?: (a: Anchor) => string;
  /** Link target for another note; default plain text. */
  noteHref?: (id: string) => string | undefined;
}

/** The note as a markdown page: title, the question, the body, and the code it points to. */
export function getNoteMarkdown(id: string, opts: NoteMarkdownOptions = {}, notes: readonly Note[] = NOTES): string | undefined {
  const note = getNote(id, notes);
  if (!note) return undefined;
  const href = opts.anchorHref ?? ((a: Anchor) => blobUrl(a));
  const lines = [`# ${note.title}`, '', `> ${note.question}`, '', rewriteLinks(note, href, opts.noteHref).trimEnd(), '', '**Code**', ''];
  for (const a of note.anchors) {
    lines.push(`- [\`${a.symbol}\`](${href(a)}) in \`${a.path}\` at ${a.ref}${a.why ? ` — ${a.why}` : ''}`);
  }
  return lines.join('\n') + '\n';
}

/** Resolves every anchor of a note. */
export async function resolveNoteAnchors(id: string, opts: ResolveOptions = {}, notes: readonly Note[] = NOTES): Promise<AnchorLocation[]> {
  const note = getNote(id, notes);
  if (!note) return [];
  return Promise.all(note.anchors.map((a) => resolveAnchor(a, opts)));
}

/** Notes with an anchor in a given repository file (for code lenses in a Go file of a checkout). */
export function anchorsInFile(path: string, notes: readonly Note[] = NOTES): { noteId: string; anchor: Anchor }[] {
  const rel = path.replace(/\\/g, '/').replace(/^\.?\//, '');
  const out: { noteId: string; anchor: Anchor }[] = [];
  for (const n of notes) for (const a of n.anchors) if (a.path === rel) out.push({ noteId: n.id, anchor: a });
  return out;
}

// ---------- checks ----------

const ID_RE = /^[a-z0-9][a-z0-9.-]*$/;

/** Problems with one note's data; empty when the note is well formed. */
export function validateNote(note: Note, ctx: { chapters: readonly Chapter[]; noteIds: ReadonlySet<string>; ref?: string }): string[] {
  const p: string[] = [];
  const ref = ctx.ref ?? KUBERNETES_TAG;
  if (!ID_RE.test(note.id)) p.push(`id "${note.id}" must be lower-case words joined by '-'`);
  if (!note.source.endsWith(`/${note.chapter}/${note.id}.md`)) p.push(`file ${note.source} must be notes/${note.chapter}/${note.id}.md`);
  if (!note.title.trim()) p.push('title is empty');
  if (!note.question.trim().endsWith('?')) p.push('question must be a question ending with "?"');
  if (!Number.isFinite(note.order)) p.push('order must be a number');
  if (!ctx.chapters.some((c) => c.id === note.chapter)) p.push(`unknown chapter "${note.chapter}"`);
  if (!note.body.trim()) p.push('body is empty');
  if (note.anchors.length === 0) p.push('needs at least one anchor');
  note.anchors.forEach((a, i) => {
    if (a.repo !== UPSTREAM_REPO) p.push(`anchors[${i}].repo must be ${UPSTREAM_REPO}`);
    if (a.ref !== ref) p.push(`anchors[${i}].ref must be ${ref}`);
    if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\.go$/.test(a.path) || a.path.split('/').includes('..')) {
      p.push(`anchors[${i}].path "${a.path}" must be a relative .go path`);
    }
    if (!isWellFormedSymbol(a.symbol)) p.push(`anchors[${i}].symbol "${a.symbol}" is not Func, Type or Type.method`);
  });
  for (const r of anchorRefs(note.body)) {
    if (!anchorForRef(note, r)) p.push(`link to anchor:${r.path ? `${r.path}#` : ''}${r.symbol} does not name one of the note's anchors`);
  }
  for (const r of noteRefs(note.body)) {
    if (!ctx.noteIds.has(r.id)) p.push(`link to note:${r.id} names no note`);
  }
  for (const c of note.codes) if (!(ALL_CODES as readonly string[]).includes(c)) p.push(`unknown code "${c}"`);
  return p;
}

/** Problems across all notes: per-note problems, duplicate ids, codes without a note. */
export function validateNotes(notes: readonly Note[] = NOTES, chapters: readonly Chapter[] = CHAPTERS): string[] {
  const ids = new Set<string>();
  const out: string[] = [];
  for (const n of notes) {
    if (ids.has(n.id)) out.push(`${n.source}: duplicate id ${n.id}`);
    ids.add(n.id);
  }
  for (const n of notes) for (const e of validateNote(n, { chapters, noteIds: ids })) out.push(`${n.source}: ${e}`);
  // The registry (server/src/codes/) names each code's note; that note's front matter lists the code, no other does.
  for (const c of ALL_CODES) {
    const id = noteIdForCode(c);
    if (id !== undefined && !notes.some((n) => n.id === id && n.codes.includes(c))) out.push(`code ${c} has no note`);
  }
  for (const n of notes) {
    for (const c of n.codes) {
      const id = noteIdForCode(c);
      if (id !== undefined && id !== n.id) out.push(`${n.source}: lists code ${c}, whose note in server/src/codes/ is ${id}`);
    }
  }
  return out;
}

/** Resolves every anchor in a local checkout and reports those that no longer resolve to one declaration. */
export async function verifyAnchors(checkout: string, notes: readonly Note[] = NOTES): Promise<VerifyResult> {
  const problems: VerifyProblem[] = [];
  let checked = 0;
  for (const note of notes) {
    for (const anchor of note.anchors) {
      checked++;
      const r = await lookupInCheckout(checkout, anchor);
      const where = `${anchor.path}#${anchor.symbol}`;
      if (r.status === 'found') {
        if (r.matches.length > 1) {
          problems.push({ noteId: note.id, anchor, kind: 'ambiguous', message: `${where} matches ${r.matches.length} declarations (lines ${r.matches.map((m) => m.line).join(', ')})` });
        }
      } else if (r.status === 'missing-file') {
        problems.push({ noteId: note.id, anchor, kind: 'missing-file', message: `${anchor.path} does not exist` });
      } else if (r.status === 'missing-symbol') {
        problems.push({ noteId: note.id, anchor, kind: 'missing-symbol', message: `${anchor.symbol} is not declared in ${anchor.path}` });
      } else {
        problems.push({ noteId: note.id, anchor, kind: 'malformed-symbol', message: `"${anchor.symbol}" is not a Go symbol` });
      }
    }
  }
  return { checked, problems };
}

// ---------- CodeTour ----------

export const CODETOUR_SCHEMA = 'https://aka.ms/codetour-schema';

/** One `.tour` per chapter; one step per anchor, matched by a declaration `pattern` at the tag. */
export function exportCodeTours(notes: readonly Note[] = NOTES, chapters: readonly Chapter[] = CHAPTERS): { fileName: string; tour: CodeTour }[] {
  const out: { fileName: string; tour: CodeTour }[] = [];
  chapters.forEach((c, ci) => {
    const inChapter = notes.filter((n) => n.chapter === c.id);
    if (!inChapter.length) return;
    const refs = new Set(inChapter.flatMap((n) => n.anchors.map((a) => a.ref)));
    const tour: CodeTour = {
      $schema: CODETOUR_SCHEMA,
      title: `${c.order}. ${c.title}`,
      description: c.summary,
      ref: [...refs][0] ?? KUBERNETES_TAG,
      steps: [],
    };
    if (ci === 0) tour.isPrimary = true;
    for (const n of inChapter) {
      const body = rewriteLinks(n).trim();
      n.anchors.forEach((a, i) => {
        const pattern = declarationPattern(a.symbol);
        const description = i === 0
          ? `**${n.question}**\n\n${body}${a.why ? `\n\n_${a.why}_` : ''}`
          : `${n.title}: \`${a.symbol}\`${a.why ? ` — ${a.why}` : ''}`;
        const step = { file: a.path, title: i === 0 ? n.title : `${n.title} (${a.symbol})`, description, ...(pattern ? { pattern } : {}) };
        tour.steps.push(step);
      });
    }
    out.push({ fileName: `kce-${String(c.order).padStart(2, '0')}-${c.id}.tour`, tour });
  });
  return out;
}
