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

  it('turns the day at the second of local midnight, asked minute after minute and second after second', () => {
    // Kathmandu is UTC+05:45: its midnight is 18:15 UTC.
    const zone = 'Asia/Kathmandu';
    expect(localDate(new Date('2026-11-21T18:14:00Z'), zone)).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-21T18:14:59.999Z'), zone)).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-21T18:15:00Z'), zone)).toBe('2026-11-22');
    expect(localDate(new Date('2026-11-21T18:14:30Z'), zone)).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-21T18:15:30Z'), zone)).toBe('2026-11-22');
    // Before 1972 offsets had seconds (Kathmandu's was +05:41:16): still exact.
    expect(localDate(new Date('1900-01-01T18:18:44Z'), zone)).toBe('1900-01-02');
    expect(localDate(new Date('1900-01-01T18:18:43Z'), zone)).toBe('1900-01-01');
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
