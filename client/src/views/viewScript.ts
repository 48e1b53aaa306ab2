// The one script of every webview: action buttons post their message, tables sort and filter, and each table is
// ONE Tab stop (roving tabindex: arrows move between rows, Left/Right between the row's actions, Home/End, Enter
// runs the row's first action). The sort, the filter, the focused row and the scroll position survive a refresh
// (`update` messages swap the body) and a reload (setState).
export const SCRIPT = `
(function () {
  const vscode = acquireVsCodeApi();
  const root = document.getElementById('root');
  const initial = JSON.parse(document.getElementById('kce-state').textContent || 'null');
  let ui = Object.assign({ sort: null, filter: '', outcome: 'all', focus: null, scrollY: 0 }, (vscode.getState() || {}).ui || {});
  let data = initial;
  function save() { vscode.setState({ view: document.body.dataset.view, data: data, ui: ui }); }
  function cellValue(tr, i) { const td = tr.children[i]; return td ? (td.getAttribute('data-sort') || td.textContent || '') : ''; }
  function rowsOf(table) { return table && table.tBodies[0] ? Array.from(table.tBodies[0].rows) : []; }
  function visible(r) { return r && !r.classList.contains('hidden'); }
  function keyOf(tr) { return tr.getAttribute('data-key') || String(Array.prototype.indexOf.call(tr.parentNode.children, tr)); }
  // Roving tabindex: one row per table is in the tab order (the last focused one, else the first visible).
  function rove(table, target) {
    const rows = rowsOf(table);
    const pick = target || rows.find(function (r) { return visible(r) && r.tabIndex === 0; }) || rows.find(visible);
    rows.forEach(function (r) {
      r.tabIndex = r === pick ? 0 : -1;
      r.querySelectorAll('.msg').forEach(function (b) { b.tabIndex = -1; });
    });
    return pick;
  }
  function apply() {
    root.querySelectorAll('table').forEach(function (table) {
      const tbody = table.tBodies[0];
      if (!tbody) return;
      const rows = rowsOf(table);
      if (table.classList.contains('sortable')) {
        if (ui.sort) {
          const i = ui.sort.col, dir = ui.sort.dir === 'descending' ? -1 : 1;
          rows.sort(function (a, b) { return dir * cellValue(a, i).localeCompare(cellValue(b, i), undefined, { numeric: true }); });
          rows.forEach(function (r) { tbody.appendChild(r); });
        }
        table.querySelectorAll('th').forEach(function (th, i) {
          if (th.querySelector('button')) th.setAttribute('aria-sort', ui.sort && ui.sort.col === i ? ui.sort.dir : 'none');
        });
        const q = (ui.filter || '').toLowerCase();
        let shown = 0;
        rows.forEach(function (r) {
          const okOutcome = ui.outcome === 'all' || r.getAttribute('data-outcome') === ui.outcome;
          const okText = !q || r.textContent.toLowerCase().indexOf(q) >= 0;
          r.classList.toggle('hidden', !(okOutcome && okText));
          if (okOutcome && okText) shown++;
        });
        const s = root.querySelector('#shown'); if (s) s.textContent = shown + ' of ' + rows.length + ' shown';
      }
      const remembered = ui.focus && ui.focus.table === (table.id || '') ? rows.find(function (r) { return keyOf(r) === ui.focus.key && visible(r); }) : null;
      rove(table, remembered || null);
    });
    const f = root.querySelector('#filter'); if (f && f.value !== ui.filter) f.value = ui.filter;
    const o = root.querySelector('#outcome'); if (o && o.value !== ui.outcome) o.value = ui.outcome;
  }
  function restore(refocus) {
    window.scrollTo(0, ui.scrollY || 0);
    if (!refocus || !ui.focus) return;
    const t = ui.focus.table ? document.getElementById(ui.focus.table) : null;
    const r = t && rowsOf(t).find(function (x) { return x.tabIndex === 0; });
    if (r) r.focus({ preventScroll: true });
  }
  root.addEventListener('click', function (e) {
    const a = e.target.closest('.msg');
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
  root.addEventListener('focusin', function (e) {
    const tr = e.target.closest && e.target.closest('tbody tr');
    if (!tr) return;
    const table = tr.closest('table');
    rove(table, tr);
    ui.focus = { table: table.id || '', key: keyOf(tr) }; save();
  });
  root.addEventListener('keydown', function (e) {
    const tr = e.target.closest && e.target.closest('tbody tr');
    if (!tr) return;
    const rows = rowsOf(tr.closest('table')).filter(visible);
    const i = rows.indexOf(tr);
    const actions = Array.from(tr.querySelectorAll('.msg'));
    const at = actions.indexOf(e.target);
    let next = null;
    if (e.key === 'ArrowDown') next = rows[Math.min(rows.length - 1, i + 1)];
    else if (e.key === 'ArrowUp') next = rows[Math.max(0, i - 1)];
    else if (e.key === 'Home') next = rows[0];
    else if (e.key === 'End') next = rows[rows.length - 1];
    else if (e.key === 'ArrowRight' && actions.length) next = actions[Math.min(actions.length - 1, at + 1)];
    else if (e.key === 'ArrowLeft' && at >= 0) next = at === 0 ? tr : actions[at - 1];
    else if (e.key === 'Enter' && e.target === tr && actions[0]) { e.preventDefault(); actions[0].click(); return; }
    if (next) { e.preventDefault(); next.focus(); }
  });
  let scrollTimer = 0;
  window.addEventListener('scroll', function () {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(function () { ui.scrollY = window.scrollY; save(); }, 100);
  });
  window.addEventListener('message', function (e) {
    const m = e.data || {};
    if (m.type !== 'update' || typeof m.html !== 'string') return;
    const hadFocus = root.contains(document.activeElement) && document.activeElement !== root;
    root.innerHTML = m.html; data = m.state; save(); apply(); restore(hadFocus);
  });
  save(); apply(); restore(false);
})();
`;
