import { DEFAULT_REMINDER_TIMES } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import { missedDoseKey, plannedMissedDoseAlerts } from './missed-doses.ts';

const medication = {
  id: 'med',
  startdate: '2026-01-01',
  enddate: null,
  timefrequency: 'day' as const,
};
const watchers = [
  { linkId: 'ana', delayMinutes: 60 },
  { linkId: 'luis', delayMinutes: 240 },
];
const plan = (now: string, o: { taken?: string[]; night?: string } = {}) =>
  plannedMissedDoseAlerts({
    medication: { ...medication, timefrequency: o.night ? 'night' : 'day' },
    taken: new Set(o.taken ?? []),
    times: { ...DEFAULT_REMINDER_TIMES, night: o.night ?? DEFAULT_REMINDER_TIMES.night },
    timeZone: 'Europe/Madrid',
    now: new Date(now),
    watchers,
  });
const planned = (p: ReturnType<typeof plan>) =>
  p.planned.map(({ key, runAt }) => [key, runAt.toISOString()]);

describe('missed-dose alerts across the autumn clock change in Madrid (25 October 2026)', () => {
  it('09:00 is 07:00Z on Saturday and 08:00Z on Sunday; each caregiver’s delay after it; past alerts are not planned', () => {
    // Saturday 10:30 in Madrid (CEST): Ana's alert (10:00) has passed, Luis's (13:00) has not.
    expect(planned(plan('2026-10-24T08:30:00.000Z'))).toEqual([
      [missedDoseKey('luis', 'med', '2026-10-24'), '2026-10-24T11:00:00.000Z'],
      [missedDoseKey('ana', 'med', '2026-10-25'), '2026-10-25T09:00:00.000Z'],
      [missedDoseKey('luis', 'med', '2026-10-25'), '2026-10-25T12:00:00.000Z'],
    ]);
  });

  it('a time in the hour that happens twice is the first of the two', () => {
    const p = plan('2026-10-24T22:00:00.000Z', { night: '02:30' }); // Sunday 00:00 in Madrid
    // 02:30 CEST is 00:30Z; an hour later, 01:30Z (02:30 CET, the second 02:30).
    expect(planned(p)).toContainEqual([
      missedDoseKey('ana', 'med', '2026-10-25'),
      '2026-10-25T01:30:00.000Z',
    ]);
  });

  it('a ticked day, or one not due, is cancelled for every caregiver', () => {
    const p = plan('2026-10-24T06:00:00.000Z', { taken: ['2026-10-24'] });
    expect(p.cancelled).toEqual([
      missedDoseKey('ana', 'med', '2026-10-24'),
      missedDoseKey('luis', 'med', '2026-10-24'),
    ]);
    expect(planned(p).map(([key]) => key)).toEqual([
      missedDoseKey('ana', 'med', '2026-10-25'),
      missedDoseKey('luis', 'med', '2026-10-25'),
    ]);
  });
});
