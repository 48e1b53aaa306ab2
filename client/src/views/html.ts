// Pure HTML helpers shared by every webview: escaping, nonces, the CSP and the page shell.
// No `vscode` import here, so the rendering can be unit-tested with node:test.

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

/** An anchor that posts `msg` when clicked or activated with Enter (href="#" keeps it in the tab order). */
export function msgLink(label: string, msg: ViewMessage, title?: string): string {
  return `<a href="#" class="msg" data-msg="${esc(JSON.stringify(msg))}"${title ? ` title="${esc(title)}"` : ''}>${esc(label)}</a>`;
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

// Colours come from the theme's CSS variables so the views follow light, dark and high-contrast themes.
const STYLE = `
body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 16px 16px; }
h1 { font-size: 1.3em; font-weight: 600; margin: 12px 0 4px; }
h2 { font-size: 1.1em; font-weight: 600; margin: 18px 0 6px; }
.sub { color: var(--vscode-descriptionForeground); margin: 0 0 10px; }
.counts { display: flex; gap: 12px; flex-wrap: wrap; margin: 8px 0; }
.count { border: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, #8884)); border-radius: 4px; padding: 6px 10px; min-width: 90px; }
.count b { display: block; font-size: 1.5em; }
.ok { color: var(--vscode-testing-iconPassed, var(--vscode-charts-green, #388a34)); }
.bad { color: var(--vscode-testing-iconFailed, var(--vscode-errorForeground, #e51400)); }
.warn { color: var(--vscode-editorWarning-foreground, #bf8803); }
table { border-collapse: collapse; width: 100%; margin-top: 6px; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, #8884)); vertical-align: top; }
th button { all: unset; cursor: pointer; font-weight: 600; }
th button:focus-visible, a:focus-visible, input:focus-visible, select:focus-visible, tr:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
th[aria-sort="ascending"] button::after { content: " \\25B2"; }
th[aria-sort="descending"] button::after { content: " \\25BC"; }
tr.hidden { display: none; }
a { color: var(--vscode-textLink-foreground); text-decoration: none; }
a:hover { text-decoration: underline; color: var(--vscode-textLink-activeForeground); }
input, select { background: var(--vscode-input-background); color: var(--vscode-input-foreground); border: 1px solid var(--vscode-input-border, transparent); padding: 3px 6px; font: inherit; }
.toolbar { display: flex; gap: 8px; align-items: center; margin: 10px 0 4px; flex-wrap: wrap; }
.charts { display: flex; gap: 24px; flex-wrap: wrap; margin: 8px 0; }
.chart text { fill: var(--vscode-foreground); font-size: 11px; font-family: var(--vscode-font-family); }
.bar-ok { fill: var(--vscode-charts-green, #388a34); }
.bar-bad { fill: var(--vscode-charts-red, #e51400); }
.bar-warn { fill: var(--vscode-charts-yellow, #bf8803); }
.bar-info { fill: var(--vscode-charts-blue, #1a85ff); }
.bar-muted { fill: var(--vscode-charts-foreground, #888); opacity: .5; }
.code { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
.notes li { margin: 2px 0; }
.empty { color: var(--vscode-descriptionForeground); font-style: italic; }
.tag { border-radius: 3px; padding: 0 4px; border: 1px solid currentColor; font-size: .85em; }
`;

// One script for every view: links post their message, tables sort and filter, state survives reloads,
// and `update` messages swap the rendered body without losing the sort or the filter.
const SCRIPT = `
(function () {
  const vscode = acquireVsCodeApi();
  const root = document.getElementById('root');
  const initial = JSON.parse(document.getElementById('kce-state').textContent || 'null');
  let ui = Object.assign({ sort: null, filter: '', outcome: 'all' }, (vscode.getState() || {}).ui || {});
  let data = initial;
  function save() { vscode.setState({ view: document.body.dataset.view, data: data, ui: ui }); }
  function cellValue(tr, i) { const td = tr.children[i]; return td ? (td.getAttribute('data-sort') || td.textContent || '') : ''; }
  function apply() {
    const table = root.querySelector('table.sortable');
    if (!table) return;
    const tbody = table.tBodies[0];
    const rows = Array.from(tbody.rows);
    if (ui.sort) {
      const i = ui.sort.col, dir = ui.sort.dir === 'descending' ? -1 : 1;
      rows.sort(function (a, b) { return dir * cellValue(a, i).localeCompare(cellValue(b, i), undefined, { numeric: true }); });
      rows.forEach(function (r) { tbody.appendChild(r); });
    }
    table.querySelectorAll('th').forEach(function (th, i) {
      th.setAttribute('aria-sort', ui.sort && ui.sort.col === i ? ui.sort.dir : 'none');
    });
    const q = (ui.filter || '').toLowerCase();
    let shown = 0;
    rows.forEach(function (r) {
      const okOutcome = ui.outcome === 'all' || r.getAttribute('data-outcome') === ui.outcome;
      const okText = !q || r.textContent.toLowerCase().indexOf(q) >= 0;
      const visible = okOutcome && okText;
      r.classList.toggle('hidden', !visible);
      if (visible) shown++;
    });
    const f = root.querySelector('#filter'); if (f && f.value !== ui.filter) f.value = ui.filter;
    const o = root.querySelector('#outcome'); if (o && o.value !== ui.outcome) o.value = ui.outcome;
    const s = root.querySelector('#shown'); if (s) s.textContent = shown + ' of ' + rows.length + ' shown';
  }
  root.addEventListener('click', function (e) {
    const a = e.target.closest('a.msg');
    if (a) { e.preventDefault(); vscode.postMessage(JSON.parse(a.getAttribute('data-msg'))); return; }
    const b = e.target.closest('th button');
    if (b) {
      const col = Array.from(b.closest('tr').children).indexOf(b.closest('th'));
      const dir = ui.sort && ui.sort.col === col && ui.sort.dir === 'ascending' ? 'descending' : 'ascending';
      ui.sort = { col: col, dir: dir }; save(); apply();
    }
  });
  root.addEventListener('input', function (e) {
    if (e.target.id === 'filter') { ui.filter = e.target.value; save(); apply(); }
    if (e.target.id === 'outcome') { ui.outcome = e.target.value; save(); apply(); }
  });
  root.addEventListener('keydown', function (e) {
    // Arrow keys move between table rows, Enter on a row follows its first link.
    const tr = e.target.closest && e.target.closest('tbody tr');
    if (!tr) return;
    const visible = function (r) { return r && !r.classList.contains('hidden'); };
    let next = null;
    if (e.key === 'ArrowDown') { next = tr.nextElementSibling; while (next && !visible(next)) next = next.nextElementSibling; }
    if (e.key === 'ArrowUp') { next = tr.previousElementSibling; while (next && !visible(next)) next = next.previousElementSibling; }
    if (next) { e.preventDefault(); next.focus(); }
    if (e.key === 'Enter' && e.target === tr) { const a = tr.querySelector('a.msg'); if (a) a.click(); }
  });
  window.addEventListener('message', function (e) {
    const m = e.data || {};
    if (m.type === 'update' && typeof m.html === 'string') { root.innerHTML = m.html; data = m.state; save(); apply(); }
  });
  save(); apply();
})();
`;
