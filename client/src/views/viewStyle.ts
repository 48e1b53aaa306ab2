// The stylesheet of every webview. Colours come from the theme's CSS variables (light, dark, high contrast);
// layout reflows to the panel: tables wrap by words, secondary columns fold away when the panel is narrow
// so the reason column never hides behind a horizontal scroll.
export const STYLE = `
body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 16px 16px; overflow-wrap: break-word; }
h1 { font-size: 1.3em; font-weight: 600; margin: 12px 0 4px; }
h2 { font-size: 1.1em; font-weight: 600; margin: 18px 0 6px; }
.sub { color: var(--vscode-descriptionForeground); margin: 0 0 10px; }
.banner { border: 1px solid var(--vscode-inputValidation-warningBorder, #bf8803); background: var(--vscode-inputValidation-warningBackground, transparent); padding: 6px 10px; margin: 8px 0; border-radius: 3px; }
.banner.error { border-color: var(--vscode-inputValidation-errorBorder, #e51400); background: var(--vscode-inputValidation-errorBackground, transparent); }
.counts { display: flex; gap: 12px; flex-wrap: wrap; margin: 8px 0; }
.count { border: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, #8884)); border-radius: 4px; padding: 6px 10px; min-width: 90px; }
.count b { display: block; font-size: 1.5em; }
.ok { color: var(--vscode-testing-iconPassed, var(--vscode-charts-green, #388a34)); }
.bad { color: var(--vscode-testing-iconFailed, var(--vscode-errorForeground, #e51400)); }
.warn { color: var(--vscode-editorWarning-foreground, #bf8803); }
table { border-collapse: collapse; width: 100%; margin-top: 6px; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, #8884)); vertical-align: top; }
td { overflow-wrap: break-word; word-break: normal; }
th { white-space: nowrap; }
th button { all: unset; cursor: pointer; font-weight: 600; }
td.node, td.nowrap { white-space: nowrap; }
td.reason { width: 100%; min-width: 10em; overflow-wrap: anywhere; }
td.outcome { min-width: 6em; }
td.stage { min-width: 7em; overflow-wrap: anywhere; }
td.list { overflow-wrap: anywhere; }
td.list { min-width: 8em; }
:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
tbody tr:focus { outline: 1px solid var(--vscode-focusBorder); outline-offset: -1px; background: var(--vscode-list-focusBackground, transparent); }
th[aria-sort="ascending"] button::after { content: " \\25B2"; }
th[aria-sort="descending"] button::after { content: " \\25BC"; }
tr.hidden { display: none; }
.link { all: unset; color: var(--vscode-textLink-foreground); cursor: pointer; }
.link:hover { text-decoration: underline; color: var(--vscode-textLink-activeForeground); }
.link:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
input, select { background: var(--vscode-input-background); color: var(--vscode-input-foreground); border: 1px solid var(--vscode-input-border, transparent); padding: 3px 6px; font: inherit; }
.toolbar { display: flex; gap: 8px; align-items: center; margin: 10px 0 4px; flex-wrap: wrap; }
.charts { display: flex; gap: 24px; flex-wrap: wrap; margin: 8px 0; }
.chart { max-width: 100%; height: auto; }
.chart text { fill: var(--vscode-foreground); font-size: 11px; font-family: var(--vscode-font-family); }
.bar-ok { fill: var(--vscode-charts-green, #388a34); }
.bar-bad { fill: var(--vscode-charts-red, #e51400); }
.bar-warn { fill: var(--vscode-charts-yellow, #bf8803); }
.bar-info { fill: var(--vscode-charts-blue, #1a85ff); }
.bar-muted { fill: var(--vscode-charts-foreground, #888); opacity: .5; }
.timeline { display: flex; flex-wrap: wrap; gap: 4px; margin: 6px 0; padding: 0; list-style: none; }
.timeline li { border: 1px solid var(--vscode-charts-blue, #1a85ff); border-radius: 3px; padding: 2px 6px; min-width: 3em; }
.timeline li b { display: block; }
.steps { display: flex; flex-wrap: wrap; gap: 4px 10px; }
.steps span { white-space: nowrap; }
.code { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
.notes li { margin: 2px 0; }
.empty { color: var(--vscode-descriptionForeground); font-style: italic; }
.tag { border-radius: 3px; padding: 0 4px; border: 1px solid currentColor; font-size: .85em; white-space: nowrap; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 480px) {
  th, td { padding: 3px 4px; }
  td.reason, td.outcome, td.stage, td.list { min-width: 0; }
  td.node { white-space: normal; }
}
@media (max-width: 720px) {
  body { padding: 0 8px 8px; }
  .wide-only { display: none; }
  .count { min-width: 70px; padding: 4px 8px; }
}
`;
