// Links from the language server's output to the notes: hovers carry note links marked with the title
// `kce-note:<id>` (plain GitHub links elsewhere), diagnostics carry `data.note`. In VS Code both become
// command links that open the note; the markdown is trusted for those commands only.
import * as vscode from 'vscode';
import { commandUri, MARKDOWN_COMMANDS, OPEN_NOTE, rewriteNoteLinks } from './model';

export const TRUSTED_MARKDOWN = { enabledCommands: MARKDOWN_COMMANDS } as const;

// Only the server's own "Why? (note)" paragraph is trusted (for the note commands); the rest of the hover,
// which quotes workspace data such as node names, stays untrusted markdown.
const WHY_PARAGRAPH = /^Why\? \(note\) /;

function linkContent(c: vscode.MarkdownString | vscode.MarkedString): (vscode.MarkdownString | vscode.MarkedString)[] {
  const value = typeof c === 'string' ? c : c.value;
  const plain: string[] = [];
  const linked: string[] = [];
  for (const para of value.split('\n\n')) {
    const { text, changed } = WHY_PARAGRAPH.test(para) ? rewriteNoteLinks(para) : { text: para, changed: false };
    (changed ? linked : plain).push(text);
  }
  if (!linked.length) return [c];
  const rest = new vscode.MarkdownString(plain.join('\n\n'));
  if (typeof c !== 'string' && 'supportHtml' in c && c.supportHtml) rest.supportHtml = true;
  const why = new vscode.MarkdownString(linked.join('\n\n'));
  why.isTrusted = TRUSTED_MARKDOWN;
  return plain.length ? [rest, why] : [why];
}

/** Hover middleware: note links become command links. */
export function linkNotesInHover(h: vscode.Hover | null | undefined): vscode.Hover | null | undefined {
  if (!h) return h;
  const contents = h.contents.flatMap(linkContent);
  return h.range ? new vscode.Hover(contents, h.range) : new vscode.Hover(contents);
}

/** Diagnostics middleware: a diagnostic with a note links its code to the note instead of a web page. */
export function linkNotesInDiagnostics(diagnostics: vscode.Diagnostic[]): vscode.Diagnostic[] {
  for (const d of diagnostics) {
    const note = (d as vscode.Diagnostic & { data?: { note?: unknown } }).data?.note;
    if (typeof note !== 'string' || d.code === undefined) continue;
    const value = typeof d.code === 'object' ? d.code.value : d.code;
    d.code = { value, target: vscode.Uri.parse(commandUri(OPEN_NOTE, [note])) };
  }
  return diagnostics;
}
