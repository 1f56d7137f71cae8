import { describe, expect, it } from 'vitest';
import { adherence, adherenceRate, isDueOn, lastDays } from './adherence.ts';

describe('adherence', () => {
  const window = { startdate: '2026-11-10', enddate: '2026-11-20' };

  it('counts only days inside the medication’s window', () => {
    // Range 1–30 Nov, today 25 Nov: due only 10–20 Nov (11 days).
    const taken = ['2026-11-05', '2026-11-10', '2026-11-15', '2026-11-20', '2026-11-21'];
    expect(adherence(window, taken, '2026-11-01', '2026-11-30', '2026-11-25')).toEqual({
      taken: 3,
      due: 11,
    });
  });

  it('counts nothing after today', () => {
    const ongoing = { startdate: '2026-11-01', enddate: null };
    expect(adherence(ongoing, ['2026-11-01'], '2026-11-01', '2026-11-30', '2026-11-03')).toEqual({
      taken: 1,
      due: 3,
    });
  });

  it('has nothing due before a medication starts', () => {
    const future = { startdate: '2026-12-01', enddate: null };
    const figure = adherence(future, [], '2026-11-01', '2026-11-30', '2026-11-21');
    expect(figure).toEqual({ taken: 0, due: 0 });
    expect(adherenceRate(figure)).toBeNull();
  });

  it('counts a day once however often it was recorded', () => {
    const ongoing = { startdate: '2026-11-01', enddate: null };
    expect(
      adherence(ongoing, ['2026-11-02', '2026-11-02'], '2026-11-01', '2026-11-07', '2026-11-07')
        .taken,
    ).toBe(1);
  });

  it('knows which days a medication is due', () => {
    expect(isDueOn(window, '2026-11-09')).toBe(false);
    expect(isDueOn(window, '2026-11-10')).toBe(true);
    expect(isDueOn(window, '2026-11-20')).toBe(true);
    expect(isDueOn(window, '2026-11-21')).toBe(false);
    expect(isDueOn({ startdate: '2026-11-10', enddate: null }, '2030-01-01')).toBe(true);
  });

  it('lists the last days oldest first, ending today', () => {
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
