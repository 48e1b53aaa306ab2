// The one script of every webview: action buttons post their message, tables sort and filter, and each table is
// ONE Tab stop, its sort buttons included (roving tabindex; where each key goes is tableKeys.ts, embedded here as
// text). The sort, the filter, the focused stop and the scroll position survive a refresh (`update` messages swap
// the body), a row action that moves the focus to the editor, and a reload (setState).
import { tableKey } from './tableKeys';

export const SCRIPT = `
(function () {
  const tableKey = (${tableKey.toString()});
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
  function shown(el) { return el.getClientRects().length > 0; }
  // A table's stops: the visible sort buttons of its header, then its visible rows.
  function headsOf(table) { return table.tHead ? Array.from(table.tHead.querySelectorAll('th button')).filter(shown) : []; }
  function actionsOf(tr) { return Array.from(tr.querySelectorAll('.msg')); }
  // A header stop is remembered by its column (cellIndex), which does not move when narrow columns fold away.
  function stopKey(el) { return el.tagName === 'TR' ? keyOf(el) : 'th:' + el.closest('th').cellIndex; }
  function headAt(heads, col) { return heads.find(function (b) { return b.closest('th').cellIndex === col; }); }
  // Roving tabindex: one stop per table (the last focused one, else the first visible row, else the first header).
  function rove(table, target) {
    const rows = rowsOf(table), heads = table.tHead ? Array.from(table.tHead.querySelectorAll('th button')) : [];
    const usable = function (el) { return el.tagName === 'TR' ? visible(el) : shown(el); };
    const pick = (target && usable(target) ? target : null)
      || rows.concat(heads).find(function (el) { return el.tabIndex === 0 && usable(el); })
      || rows.find(visible) || heads.find(shown) || null;
    heads.forEach(function (b) { b.tabIndex = b === pick ? 0 : -1; });
    rows.forEach(function (r) {
      r.tabIndex = r === pick ? 0 : -1;
      actionsOf(r).forEach(function (b) { b.tabIndex = -1; });
    });
    return pick;
  }
  function stopOf(table) {
    const heads = headsOf(table);
    return heads.find(function (b) { return b.tabIndex === 0; }) || rowsOf(table).find(function (r) { return r.tabIndex === 0; });
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
      let remembered = null;
      if (ui.focus && ui.focus.table === (table.id || '')) {
        const k = ui.focus.key;
        remembered = k.indexOf('th:') === 0 ? headAt(headsOf(table), Number(k.slice(3))) || null : rows.find(function (r) { return keyOf(r) === k && visible(r); }) || null;
      }
      rove(table, remembered);
    });
    const f = root.querySelector('#filter'); if (f && f.value !== ui.filter) f.value = ui.filter;
    const o = root.querySelector('#outcome'); if (o && o.value !== ui.outcome) o.value = ui.outcome;
  }
  function restore(refocus) {
    window.scrollTo(0, ui.scrollY || 0);
    if (!refocus || !ui.focus) return;
    const t = ui.focus.table ? document.getElementById(ui.focus.table) : null;
    const stop = t && stopOf(t);
    if (stop) stop.focus({ preventScroll: true });
  }
  // The scroll position is saved a moment after scrolling stops; a row action (the editor takes the focus, and the
  // view may be torn down while hidden) or the view losing the focus saves it at once, so a quick End then Enter
  // comes back where it was.
  let scrollTimer = 0;
  function saveScroll() { clearTimeout(scrollTimer); ui.scrollY = window.scrollY; save(); }
  root.addEventListener('click', function (e) {
    const a = e.target.closest('.msg');
    if (a) { e.preventDefault(); saveScroll(); vscode.postMessage(JSON.parse(a.getAttribute('data-msg'))); return; }
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
    const table = e.target.closest && e.target.closest('table');
    if (!table) return;
    const tr = e.target.closest('tbody tr');
    const stop = tr || (e.target.closest('thead') && e.target.closest('th button'));
    if (!stop) return;
    rove(table, stop);
    const key = stopKey(stop);
    if (key.indexOf('th:') === 0) ui.headerCol = Number(key.slice(3));
    ui.focus = { table: table.id || '', key: key }; save();
  });
  root.addEventListener('keydown', function (e) {
    const table = e.target.closest && e.target.closest('table');
    if (!table || e.altKey || e.ctrlKey || e.metaKey) return;
    const heads = headsOf(table), rows = rowsOf(table).filter(visible);
    const tr = e.target.closest('tbody tr');
    let at = null;
    if (tr) at = { row: rows.indexOf(tr), col: actionsOf(tr).indexOf(e.target) };
    else if (heads.indexOf(e.target) >= 0) at = { row: -1, col: heads.indexOf(e.target) };
    if (!at || (tr && at.row < 0)) return;
    const shape = { headers: heads.length, rows: rows.length, actions: function (i) { return actionsOf(rows[i]).length; } };
    const move = tableKey(shape, at, e.key, Math.max(0, heads.indexOf(headAt(heads, ui.headerCol || 0))));
    if (!move) return;
    e.preventDefault();
    if (move === 'activate') { actionsOf(tr)[0].click(); return; }
    const next = move.row < 0 ? heads[move.col] : move.col < 0 ? rows[move.row] : actionsOf(rows[move.row])[move.col];
    if (next) next.focus();
  });
  // Back from a row action (the editor took the focus) or from another panel: the stop gets the focus again.
  window.addEventListener('focus', function () {
    if (!document.activeElement || document.activeElement === document.body) restore(true);
  });
  window.addEventListener('blur', saveScroll);
  window.addEventListener('scroll', function () {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(saveScroll, 100);
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
