// Where an arrow key goes inside a table that is ONE Tab stop (roving tabindex). Pure and self-contained: the
// webview script embeds this very function as text (viewScript.ts), and test/client runs it directly.

/**
 * A position in a table as the keyboard sees it: `row` -1 is the header row (its stops are the sort buttons,
 * `col` the button's index); `row` 0… the visible body rows, where `col` -1 is the row itself and 0… its actions.
 */
export interface TablePos {
  row: number;
  col: number;
}

export interface TableShape {
  /** Sort buttons in the header row (0: the header is not a stop). */
  headers: number;
  /** Visible body rows. */
  rows: number;
  /** Actions (links) of a body row. */
  actions: (row: number) => number;
}

/**
 * The stop that `key` moves to from `at`; `'activate'` for Enter on a row (its first action); undefined when the key
 * is not the table's (Tab, letters, Enter on a button: the browser does what it always does). `headerCol` is the
 * header button to land on when ArrowUp leaves the first row (the last one used).
 */
export function tableKey(shape: TableShape, at: TablePos, key: string, headerCol: number): TablePos | 'activate' | undefined {
  // No inner functions or outside names: the text of this function is all the webview gets.
  const lastRow = shape.rows - 1;
  if (at.row < 0) {
    const last = shape.headers - 1;
    if (key === 'ArrowLeft') return { row: -1, col: Math.max(0, at.col - 1) };
    if (key === 'ArrowRight') return { row: -1, col: Math.min(last, at.col + 1) };
    if (key === 'Home') return { row: -1, col: 0 };
    if (key === 'End') return { row: -1, col: last };
    if (key === 'ArrowUp' || key === 'PageUp') return at;
    if (key === 'ArrowDown' || key === 'PageDown') {
      return shape.rows > 0 ? { row: key === 'ArrowDown' ? 0 : Math.min(lastRow, 9), col: -1 } : at;
    }
    return undefined;
  }
  let next = -2;
  if (key === 'ArrowDown') next = at.row + 1;
  else if (key === 'PageDown') next = at.row + 10;
  else if (key === 'PageUp') next = at.row - 10;
  else if (key === 'Home') next = 0;
  else if (key === 'End') next = lastRow;
  else if (key === 'ArrowUp') {
    if (at.row === 0 && shape.headers > 0) return { row: -1, col: Math.max(0, Math.min(shape.headers - 1, headerCol)) };
    next = at.row - 1;
  }
  if (next !== -2) return { row: Math.max(0, Math.min(lastRow, next)), col: -1 };
  const actions = shape.actions(at.row);
  if (key === 'ArrowRight') return actions > 0 ? { row: at.row, col: Math.min(actions - 1, at.col + 1) } : at;
  if (key === 'ArrowLeft') return { row: at.row, col: Math.max(-1, at.col - 1) };
  if (key === 'Enter') return at.col === -1 && actions > 0 ? 'activate' : undefined;
  return undefined;
}
