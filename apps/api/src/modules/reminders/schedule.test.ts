import { DEFAULT_REMINDER_TIMES } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import {
  endOfLocalDay,
  followUpAt,
  localInstant,
  neutralTime,
  plannedDoseReminders,
  plannedVisitReminders,
} from './schedule.ts';

const times = DEFAULT_REMINDER_TIMES;
const ongoing = { startdate: '2027-01-01', enddate: null, timefrequency: 'day' as const };
const iso = (d: Date) => d.toISOString();

describe('dose reminder instants across daylight-saving changes', () => {
  it('Europe/Berlin: 09:00 is 08:00Z before the spring change (28 March 2027) and 07:00Z after', () => {
    expect(iso(localInstant('2027-03-27', '09:00', 'Europe/Berlin'))).toBe(
      '2027-03-27T08:00:00.000Z',
    );
    expect(iso(localInstant('2027-03-28', '09:00', 'Europe/Berlin'))).toBe(
      '2027-03-28T07:00:00.000Z',
    );
    // In autumn (31 October 2027) it moves back.
    expect(iso(localInstant('2027-10-30', '21:00', 'Europe/Berlin'))).toBe(
      '2027-10-30T19:00:00.000Z',
    );
    expect(iso(localInstant('2027-10-31', '21:00', 'Europe/Berlin'))).toBe(
      '2027-10-31T20:00:00.000Z',
    );
  });

  it('America/New_York: 09:00 is 14:00Z before 14 March 2027 and 13:00Z after', () => {
    expect(iso(localInstant('2027-03-13', '09:00', 'America/New_York'))).toBe(
      '2027-03-13T14:00:00.000Z',
    );
    expect(iso(localInstant('2027-03-14', '09:00', 'America/New_York'))).toBe(
      '2027-03-14T13:00:00.000Z',
    );
  });

  it('a time skipped by the change comes just after the gap; a repeated one comes once, the first time', () => {
    expect(iso(localInstant('2027-03-14', '02:30', 'America/New_York'))).toBe(
      '2027-03-14T07:30:00.000Z',
    );
    expect(iso(localInstant('2027-11-07', '01:30', 'America/New_York'))).toBe(
      '2027-11-07T05:30:00.000Z',
    );
  });

  it('plans today and tomorrow in the patient’s zone, across the change', () => {
    const planned = plannedDoseReminders({
      medication: ongoing,
      taken: new Set(),
      times,
      timeZone: 'Europe/Berlin',
      now: new Date('2027-03-27T06:00:00Z'), // 07:00 in Berlin, Saturday
    });
    expect(planned.map((p) => [p.date, iso(p.runAt)])).toEqual([
      ['2027-03-27', '2027-03-27T08:00:00.000Z'],
      ['2027-03-28', '2027-03-28T07:00:00.000Z'],
    ]);
  });

  it('plans only the day asked for when a tick names one', () => {
    const base = {
      medication: ongoing,
      taken: new Set<string>(),
      times,
      timeZone: 'Europe/Berlin',
      now: new Date('2027-03-27T06:00:00Z'),
    };
    expect(plannedDoseReminders({ ...base, onlyDay: '2027-03-28' }).map((p) => p.date)).toEqual([
      '2027-03-28',
    ]);
    expect(plannedDoseReminders({ ...base, onlyDay: '2027-03-27' }).map((p) => p.date)).toEqual([
      '2027-03-27',
    ]);
  });

  it('the day in New York is not the day in UTC: at 23:30 local on the 13th, the 13th’s 21:00 has passed and the 14th comes next', () => {
    const planned = plannedDoseReminders({
      medication: { ...ongoing, timefrequency: 'night' },
      taken: new Set(),
      times,
      timeZone: 'America/New_York',
      now: new Date('2027-03-14T04:30:00Z'), // 23:30 on the 13th in New York
    });
    expect(planned.map((p) => [p.date, iso(p.runAt)])).toEqual([
      ['2027-03-14', '2027-03-15T01:00:00.000Z'], // 21:00 EDT
    ]);
  });

  it('no reminder for a ticked dose, outside the start–end window, or for a time already past', () => {
    const now = new Date('2027-03-10T06:00:00Z'); // 07:00 Berlin
    const plan = (
      medication:
        typeof ongoing | { startdate: string; enddate: string | null; timefrequency: 'day' },
      taken: string[] = [],
    ) =>
      plannedDoseReminders({
        medication,
        taken: new Set(taken),
        times,
        timeZone: 'Europe/Berlin',
        now,
      }).map((p) => p.date);
    expect(plan(ongoing)).toEqual(['2027-03-10', '2027-03-11']);
    expect(plan(ongoing, ['2027-03-10'])).toEqual(['2027-03-11']);
    expect(plan({ ...ongoing, enddate: '2027-03-10' })).toEqual(['2027-03-10']);
    expect(plan({ ...ongoing, startdate: '2027-03-12' })).toEqual([]);
    const late = plannedDoseReminders({
      medication: ongoing,
      taken: new Set(),
      times,
      timeZone: 'Europe/Berlin',
      now: new Date('2027-03-10T09:00:00Z'),
    });
    expect(late.map((p) => p.date)).toEqual(['2027-03-11']);
  });

  it('one follow-up two hours later; actions expire at the end of the patient’s day', () => {
    expect(iso(followUpAt(new Date('2027-03-28T07:00:00Z')))).toBe('2027-03-28T09:00:00.000Z');
    expect(iso(endOfLocalDay('2027-03-27', 'Europe/Berlin'))).toBe('2027-03-27T23:00:00.000Z');
    expect(iso(endOfLocalDay('2027-03-28', 'Europe/Berlin'))).toBe('2027-03-28T22:00:00.000Z');
  });
});

describe('visit reminders', () => {
  it('24 hours and 1 hour before, only those still to come', () => {
    const start = new Date('2027-03-22T08:00:00Z');
    expect(
      plannedVisitReminders(start, new Date('2027-03-20T08:00:00Z')).map((r) => [
        r.name,
        iso(r.runAt),
      ]),
    ).toEqual([
      ['24h', '2027-03-21T08:00:00.000Z'],
      ['1h', '2027-03-22T07:00:00.000Z'],
    ]);
    expect(
      plannedVisitReminders(start, new Date('2027-03-21T09:00:00Z')).map((r) => r.name),
    ).toEqual(['1h']);
    expect(plannedVisitReminders(start, new Date('2027-03-22T07:30:00Z'))).toEqual([]);
  });

  it('an online visit also as its room opens, 10 minutes before; at once when accepted later', () => {
    const start = new Date('2027-03-22T08:00:00Z');
    const plan = (now: string) =>
      plannedVisitReminders(start, new Date(now), true).map((r) => [r.name, iso(r.runAt)]);
    expect(plan('2027-03-22T06:30:00Z')).toEqual([
      ['1h', '2027-03-22T07:00:00.000Z'],
      ['open', '2027-03-22T07:50:00.000Z'],
    ]);
    expect(plan('2027-03-22T07:55:00Z')).toEqual([['open', '2027-03-22T07:55:00.000Z']]);
    expect(plan('2027-03-22T08:00:00Z')).toEqual([]);
  });

  it('shows times language-neutrally in the person’s zone', () => {
    expect(neutralTime(new Date('2027-03-28T07:00:00Z'), 'Europe/Berlin')).toBe(
      '2027-03-28 09:00 (Europe/Berlin)',
    );
    expect(neutralTime(new Date('2027-03-14T13:00:00Z'), 'America/New_York')).toBe(
      '2027-03-14 09:00 (America/New_York)',
    );
  });
});
