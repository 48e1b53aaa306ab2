// Aligned text tables for the terminal. Width counts code points, so ✓/✗ and emoji line up.

function width(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(widths[i]! - width(c))))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
