import type { Outcome } from './workload.ts';

/** Counts of answers by status and by action, for the report. */
export class Tally {
  readonly statuses = new Map<number, number>();
  total = 0;
  serverErrors = 0;
  noAnswer = 0;
  expected429 = 0;
  unexpected429 = 0;
  firstUnexpected: string | undefined;

  /** `limited`: actions where a rate limit may answer 429 (sign-in). */
  add({ action, answer }: Outcome, limited: ReadonlySet<string> = new Set(['sign-in'])): void {
    this.total += 1;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 0) this.noAnswer += 1;
    if (answer.status >= 500) this.serverErrors += 1;
    if (answer.status === 429) {
      if (limited.has(action)) this.expected429 += 1;
      else this.unexpected429 += 1;
    }
  }

  describeStatuses(): string {
    return [...this.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status === 0 ? 'none' : status}×${n.toLocaleString('en-US')}`)
      .join(' ');
  }
}
