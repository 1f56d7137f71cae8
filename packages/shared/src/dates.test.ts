import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatUsDate, localDate } from './dates.ts';

describe('localDate', () => {
  it('puts 23:59 and 00:01 in the patient’s time zone on different days', () => {
    // 2026-03-14 23:59 and 2026-03-15 00:01 in New York (UTC−4 after the DST change on 8 March).
    const late = new Date('2026-03-15T03:59:00Z');
    const early = new Date('2026-03-15T04:01:00Z');
    expect(localDate(late, 'America/New_York')).toBe('2026-03-14');
    expect(localDate(early, 'America/New_York')).toBe('2026-03-15');
  });

  it('differs from UTC when the patient is ahead of it', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-11-21');
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2026-11-22');
  });
});

describe('calendar arithmetic', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
  });

  it('is not shifted by a daylight-saving change', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('formats dates as MM/dd/yyyy', () => {
    expect(formatUsDate('2026-07-04')).toBe('07/04/2026');
    expect(formatUsDate(null)).toBe('');
  });
});
