// Pure HTML helpers shared by every webview: escaping, nonces, the CSP and the page shell.
// No `vscode` import here, so the rendering can be unit-tested with node:test.
import { STYLE } from './viewStyle';
import { SCRIPT } from './viewScript';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** JSON that is safe inside a <script type="application/json"> element (no `</script>`, no U+2028). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A message the webview posts back when a link is activated, carried in a data attribute. */
export type ViewMessage =
  | { type: 'reveal'; uri: string; line: number; character: number }
  | { type: 'open'; url: string }
  | { type: 'note'; code: string }
  | { type: 'command'; command: string; args?: unknown[] };

/**
 * A button that looks like a link and posts `msg` when activated (no href: nothing to show as a URL). `title`
 * says what it does; it is also the accessible description, while the label stays the accessible name.
 */
export function msgLink(label: string, msg: ViewMessage, title?: string): string {
  return msgLinkHtml(esc(label), msg, title);
}

/** Like msgLink, with a label that is already HTML (it may hold <code>). */
export function msgLinkHtml(html: string, msg: ViewMessage, title?: string): string {
  return `<button type="button" class="msg link" data-msg="${esc(JSON.stringify(msg))}"${title ? ` title="${esc(title)}"` : ''}>${html}</button>`;
}

/**
 * A column header: a human name, with the API field it shows in a tooltip; sortable headers are buttons, out of the
 * Tab order (the table is one stop; arrow keys reach them).
 */
export function header(label: string, opts: { api?: string; sortable?: boolean; cls?: string } = {}): string {
  const tip = opts.api ? ` title="${esc(`API field: ${opts.api}`)}"` : '';
  const cls = opts.cls ? ` class="${esc(opts.cls)}"` : '';
  return opts.sortable === false
    ? `<th scope="col"${cls}${tip}>${esc(label)}</th>`
    : `<th scope="col"${cls}${tip}><button type="button" tabindex="-1">${esc(label)}</button></th>`;
}

/** `1 node`, `2 nodes`. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export function makeNonce(random: () => number = Math.random): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < 32; i++) out += chars.charAt(Math.floor(random() * chars.length));
  return out;
}

/** Strict policy: nothing by default, styles and scripts only with the nonce, images only from the webview. */
export function csp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
  ].join('; ');
}

export interface PageOptions {
  title: string;
  cspSource: string;
  nonce: string;
  /** Which view this is (`placement`, `plan`…): restored by the serializer. */
  view: string;
  /** Plain data kept with setState so a reloaded panel can ask for fresh results. */
  state: unknown;
  body: string;
}

/** The whole document: CSP, theme-aware styles, body, and the shared script. */
export function page(o: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${esc(csp(o.cspSource, o.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${esc(o.title)}</title>
<style nonce="${esc(o.nonce)}">${STYLE}</style>
</head>
<body data-view="${esc(o.view)}">
<main id="root">${o.body}</main>
<script type="application/json" id="kce-state">${jsonForScript(o.state)}</script>
<script nonce="${esc(o.nonce)}">${SCRIPT}</script>
</body>
</html>`;
}
