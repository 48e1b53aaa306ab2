// Aligned text tables for the terminal. Width counts code points, so ✓/✗ and emoji line up.

function width(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export function renderTable(header: string[], rows: string[][]): string {
  // A loop, not Math.max(...rows): spreading 150,000 rows overflows the call stack.
  const widths = header.map((h) => width(h));
  for (const r of rows) {
    for (let i = 0; i < widths.length; i++) {
      const w = width(r[i] ?? '');
      if (w > widths[i]!) widths[i] = w;
    }
  }
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(widths[i]! - width(c))))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
