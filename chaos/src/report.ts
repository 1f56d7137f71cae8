/** What one part found: its figures as a small table, and every expectation it missed. */
export interface PartResult {
  part: string;
  /** "SQLite", "PostgreSQL", or both. */
  database: string;
  figures: [label: string, value: string | number][];
  /** Empty when the part passed; otherwise one sentence per miss, the first offence described. */
  failures: string[];
  /** Set when the part could not run here (no PostgreSQL): neither a pass nor a failure. */
  skipped?: string;
}

export function formatFigure(value: string | number): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

export function formatPart(result: PartResult): string {
  const title = `${result.part} (${result.database})`;
  if (result.skipped) return `${title}: skipped: ${result.skipped}`;
  const width = Math.max(...result.figures.map(([label]) => label.length), 10);
  const lines = [
    `${title}: ${result.failures.length === 0 ? 'PASS' : 'FAIL'}`,
    ...result.figures.map(([label, value]) => `  ${label.padEnd(width)}  ${formatFigure(value)}`),
    ...result.failures.map((failure) => `  ✗ ${failure}`),
  ];
  return lines.join('\n');
}

/** Collects misses as a part runs, so every figure is still printed when one expectation fails. */
export class Expectations {
  readonly failures: string[] = [];

  expect(ok: boolean, problem: () => string): void {
    if (!ok) this.failures.push(problem());
  }
}
