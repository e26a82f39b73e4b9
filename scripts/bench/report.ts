export interface Row {
  figure: string;
  value: string;
  budget: string;
  /** null: reported without a budget. */
  pass: boolean | null;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a';
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

export function formatTable(rows: Row[]): string {
  const header: Row = { figure: 'figure', value: 'value', budget: 'budget', pass: null };
  const cells = [header, ...rows].map((r, i) => [
    r.figure,
    r.value,
    r.budget,
    i === 0 ? 'result' : r.pass === null ? '-' : r.pass ? 'pass' : 'FAIL',
  ]);
  const widths = [0, 1, 2, 3].map((c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const [head, ...body] = cells;
  return [line(head ?? []), rule, ...body.map(line)].join('\n');
}
