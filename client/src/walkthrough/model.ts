// Pure parts of the walkthrough client: the tree model, checkout detection, note rendering and the
// command links. No `vscode` import, so node:test covers all of it.
import type { Anchor, ChapterSummary, Note } from '../../../server/src/walkthrough/types';
import { esc, msgLink, msgLinkHtml, type ViewMessage } from '../views/html';

export const OPEN_NOTE = 'kce.walkthrough.openNote';
export const OPEN_NOTE_FOR_CODE = 'kce.walkthrough.openNoteForCode';
export const OPEN_ANCHOR = 'kce.walkthrough.openAnchor';
export const SIMULATE_OPEN_DAEMONSET = 'kce.walkthrough.simulateOpenDaemonSet';
/** Commands that hovers and diagnostics may run from trusted markdown. */
export const MARKDOWN_COMMANDS: readonly string[] = [OPEN_NOTE, OPEN_NOTE_FOR_CODE];

/** Settings only the client reads (the server never sees them), with their defaults. */
export const CLIENT_ONLY_SETTINGS: Readonly<Record<string, unknown>> = Object.freeze({
  'kce.walkthrough.kubernetesSource': '',
  'kce.walkthrough.fetchGoFiles': true,
});

/**
 * Keys that were renamed, still read as a fallback: declared deprecated in package.json (so VS Code hides them from
 * the Settings editor unless set, and marks them in settings.json), with the key that replaced them.
 */
export const DEPRECATED_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  'kce.walkthrough.fetchFromGitHub': 'kce.walkthrough.fetchGoFiles',
});

/** What the user set for a key (folder, workspace, then user settings), never its declared default. */
export function userValueOf(set: { workspaceFolderValue?: unknown; workspaceValue?: unknown; globalValue?: unknown } | undefined): unknown {
  return set?.workspaceFolderValue ?? set?.workspaceValue ?? set?.globalValue;
}

/**
 * `kce.walkthrough.fetchGoFiles` as set by the user, else the key it replaced in 0.1.0 (`fetchFromGitHub`), so a
 * setting made before the rename keeps working; both unset: on.
 */
export function fetchGoFilesEnabled(explicit: unknown, replacedKey: unknown): boolean {
  if (typeof explicit === 'boolean') return explicit;
  return typeof replacedKey === 'boolean' ? replacedKey : true;
}

// ---------- tree ----------

export type TreeNode =
  | { kind: 'chapter'; id: string; label: string; description: string; tooltip: string; children: TreeNode[] }
  | { kind: 'step'; id: string; chapter: string; label: string; description: string; tooltip: string };

/** Chapters → steps, numbered the way the notes order them ("1.3 Title"), questions as descriptions. */
export function buildTree(chapters: readonly ChapterSummary[]): TreeNode[] {
  return chapters.map((c) => ({
    kind: 'chapter' as const,
    id: `chapter:${c.id}`,
    label: `${c.order}. ${c.title}`,
    description: `${c.steps.length} ${c.steps.length === 1 ? 'step' : 'steps'}`,
    tooltip: c.summary,
    children: c.steps.map((s, i) => ({
      kind: 'step' as const,
      id: s.id,
      chapter: c.id,
      label: `${c.order}.${i + 1} ${s.title}`,
      description: s.question,
      tooltip: `${s.title}\n\n${s.question}`,
    })),
  }));
}

/** The step nodes in reading order (for next/previous and reveal). */
export function flattenSteps(tree: readonly TreeNode[]): Extract<TreeNode, { kind: 'step' }>[] {
  return tree.flatMap((c) => (c.kind === 'chapter' ? c.children.filter((s): s is Extract<TreeNode, { kind: 'step' }> => s.kind === 'step') : []));
}

// ---------- checkout detection ----------

/** True when a go.mod's text declares the kubernetes module itself (not a module that requires it). */
export function isKubernetesGoMod(text: string): boolean {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (!line) continue;
    const m = /^module\s+("?)([^\s"]+)\1$/.exec(line);
    // The module directive comes first in a go.mod (after comments); anything else means not a module line.
    return m?.[2] === 'k8s.io/kubernetes';
  }
  return false;
}

/**
 * The path of `file` inside a checkout rooted at `root`, with forward slashes; undefined when the
 * file is outside it. Both are absolute file-system paths in the same spelling.
 */
export function relativeInCheckout(root: string, file: string): string | undefined {
  const norm = (p: string): string => p.replace(/\\/g, '/').replace(/\/+$/, '');
  const r = norm(root);
  const f = norm(file);
  const caseless = /^[a-zA-Z]:\//.test(r);
  const rr = caseless ? r.toLowerCase() : r;
  const ff = caseless ? f.toLowerCase() : f;
  if (!ff.startsWith(rr + '/')) return undefined;
  return f.slice(r.length + 1);
}

/** Directories from a file's folder up to the file-system root, nearest first. */
export function ancestors(dir: string): string[] {
  const sep = dir.includes('\\') && !dir.includes('/') ? '\\' : '/';
  const out: string[] = [];
  let cur = dir.replace(/[\\/]+$/, '') || sep;
  for (;;) {
    out.push(cur);
    const i = cur.lastIndexOf(sep);
    if (i < 0) break;
    const parent = i === 0 ? sep : cur.slice(0, i);
    if (parent === cur || /^[a-zA-Z]:$/.test(parent)) {
      if (/^[a-zA-Z]:$/.test(parent)) out.push(parent + sep);
      break;
    }
    cur = parent;
  }
  return out;
}

// ---------- links ----------

/** A `command:` URI for markdown (hovers, walkthrough media): arguments as a JSON array. */
export function commandUri(command: string, args: readonly unknown[] = []): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

// The server marks a note link with a title `kce-note:<id>` (a plain link to the Go source for other
// clients); in VS Code it becomes a command link that opens the note.
const NOTE_LINK_IN_MARKDOWN = /\]\(([^()\s]+) "kce-note:([a-z0-9][a-z0-9.-]*)"\)/g;

export function rewriteNoteLinks(markdown: string): { text: string; changed: boolean } {
  let changed = false;
  const text = markdown.replace(NOTE_LINK_IN_MARKDOWN, (_w, _href: string, id: string) => {
    changed = true;
    return `](${commandUri(OPEN_NOTE, [id])} "Open the walkthrough note")`;
  });
  return { text, changed };
}

// ---------- note page ----------

function codeAndMarks(md: string): string {
  // Code spans stay literal; bold and italics apply to the escaped text around them.
  return md
    .split(/(`[^`]*`)/g)
    .map((p) => {
      if (p.startsWith('`') && p.endsWith('`') && p.length >= 2) return `<code>${esc(p.slice(1, -1))}</code>`;
      return esc(p)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[\s(])_([^_]+)_(?=[\s.,;:!?)]|$)/g, '$1<em>$2</em>');
    })
    .join('');
}

function inline(md: string, link: (html: string, href: string) => string): string {
  // Links first, so that a link whose text is a code span stays one link.
  const links: string[] = [];
  const held = md.replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_w, text: string, href: string) => {
    links.push(link(codeAndMarks(text), href));
    return `\u0000${links.length - 1}\u0000`;
  });
  return codeAndMarks(held).replace(/\u0000(\d+)\u0000/g, (_w, i: string) => links[Number(i)] ?? '');
}

/** A small markdown subset (headings, paragraphs, lists, quotes, code blocks, inline marks) to HTML. */
export function renderMarkdown(md: string, link: (html: string, href: string) => string): string {
  const out: string[] = [];
  const lines = md.replace(/\r\n/g, '\n').split('\n');
  let para: string[] = [];
  let list: string[] | undefined;
  const flush = (): void => {
    if (para.length) out.push(`<p>${inline(para.join(' '), link)}</p>`);
    para = [];
    if (list) out.push(`<ul>${list.map((li) => `<li>${inline(li, link)}</li>`).join('')}</ul>`);
    list = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (/^```/.test(line)) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !/^```/.test(lines[i] as string); i++) code.push(lines[i] as string);
      out.push(`<pre><code>${esc(code.join('\n'))}</code></pre>`);
      continue;
    }
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      const n = (h[1] as string).length;
      out.push(`<h${n}>${inline(h[2] as string, link)}</h${n}>`);
      continue;
    }
    const q = /^>\s?(.*)$/.exec(line);
    if (q) {
      flush();
      out.push(`<blockquote>${inline(q[1] as string, link)}</blockquote>`);
      continue;
    }
    const li = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (li) {
      if (para.length) { out.push(`<p>${inline(para.join(' '), link)}</p>`); para = []; }
      (list ??= []).push(li[1] as string);
      continue;
    }
    if (!line.trim()) { flush(); continue; }
    if (list && /^\s+\S/.test(line)) {
      list[list.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list) flush();
    para.push(line.trim());
  }
  flush();
  return out.join('\n');
}

/** Private hrefs in the markdown we render: an anchor by index, another note by id. */
export const ANCHOR_HREF = (i: number): string => `kce-anchor:${i}`;
export const NOTE_HREF = (id: string): string => `kce-note:${id}`;

const htmlMsgLink = msgLinkHtml;

/** Turns the rendered hrefs into links that post messages to the extension (never navigate). */
export function noteLink(noteId: string): (html: string, href: string) => string {
  return (html, href) => {
    const a = /^kce-anchor:(\d+)$/.exec(href);
    if (a) return htmlMsgLink(html, { type: 'command', command: OPEN_ANCHOR, args: [noteId, Number(a[1])] }, 'Open the Go code');
    const n = /^kce-note:(.+)$/.exec(href);
    if (n) return htmlMsgLink(html, { type: 'command', command: OPEN_NOTE, args: [n[1]] }, 'Open this note');
    if (/^https:\/\//.test(href)) return htmlMsgLink(html, { type: 'open', url: href }, href);
    return html;
  };
}

/** The body of the note webview: previous/next around the note rendered from its markdown. */
export function renderNoteBody(noteId: string, markdown: string, nav: { previous?: string; next?: string; position?: string }): string {
  const navLinks = [
    nav.previous ? msgLink('← Previous', { type: 'command', command: OPEN_NOTE, args: [nav.previous] }, 'Previous step') : '<span class="sub">← Previous</span>',
    nav.position ? `<span class="sub">${esc(nav.position)}</span>` : '',
    nav.next ? msgLink('Next →', { type: 'command', command: OPEN_NOTE, args: [nav.next] }, 'Next step') : '<span class="sub">Next →</span>',
  ].filter(Boolean).join(' · ');
  return `<nav class="toolbar" aria-label="Walkthrough navigation">${navLinks}</nav>
<article class="note">${renderMarkdown(markdown, noteLink(noteId))}</article>`;
}

/** The note's markdown with anchors and note links in the private forms that noteLink understands. */
export function noteMarkdownFor(
  note: Note,
  getNoteMarkdown: (id: string, opts: { anchorHref: (a: Anchor) => string; noteHref: (id: string) => string }) => string | undefined,
): string {
  return getNoteMarkdown(note.id, { anchorHref: (a) => ANCHOR_HREF(note.anchors.indexOf(a)), noteHref: NOTE_HREF }) ?? '';
}

// ---------- onboarding sample ----------

/** The DaemonSet that the first-run walkthrough opens (untitled, so nothing is written to disk). */
export const SAMPLE_DAEMONSET = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-agent
  namespace: kube-system
spec:
  selector:
    matchLabels:
      app: node-agent
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 10%
  template:
    metadata:
      labels:
        app: node-agent
    spec:
      nodeSelector:
        kubernetes.io/os: linux
      tolerations:
        - key: node-role.kubernetes.io/control-plane
          operator: Exists
          effect: NoSchedule
      containers:
        - name: agent
          image: registry.example.com/node-agent:1.0
`;
