import { describe, expect, it } from 'vitest';
import { suggestedValidUntil } from './prescription-course.ts';

const course = (quantity?: number, amount?: number, dosesPerDay = 1, refills = 0) => ({
  quantity,
  amount,
  dosesPerDay,
  refills,
});

describe('the last valid day the prescribing form suggests', () => {
  it('is 30 days on before quantity and dose are typed', () => {
    expect(suggestedValidUntil('2026-12-07', course())).toBe('2027-01-06');
    expect(suggestedValidUntil('2026-12-07', course(60))).toBe('2027-01-06');
  });

  it('is at least 30 days for a short course', () => {
    expect(suggestedValidUntil('2026-12-07', course(14, 1, 2))).toBe('2027-01-06');
  });

  it('covers every fill at the dose: 90 tablets, one twice a day, two refills is 135 days', () => {
    expect(suggestedValidUntil('2026-12-07', course(90, 1, 2, 2))).toBe('2027-04-21');
  });

  it('rounds a part day up', () => {
    expect(suggestedValidUntil('2026-01-01', course(100, 3, 1))).toBe('2026-02-04');
  });

  it('is at most a year from today', () => {
    expect(suggestedValidUntil('2026-12-07', course(1000, 1, 1, 11))).toBe('2027-12-07');
    expect(suggestedValidUntil('2028-02-29', course(1000, 1, 1, 11))).toBe('2029-02-28');
  });
});
