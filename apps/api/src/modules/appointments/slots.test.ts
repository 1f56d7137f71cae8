import { describe, expect, it } from 'vitest';
import { dayIn, freeSlots, offeredSlots, startOfNextDay, type WeeklyHours } from './slots.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (s: string) => Date.parse(s);
const starts = (hours: WeeklyHours, from: string, to: string) =>
  [...offeredSlots(hours, ms(from), ms(to))].map((s) => iso(s.start));
const local = (start: string, timeZone: string) =>
  new Date(start).toLocaleString('en-GB', { timeZone, timeStyle: 'short', hour12: false });

describe('slots in Europe/Berlin around the clocks going forward (Sunday 2027-03-28)', () => {
  const berlin = (weekly: WeeklyHours['weekly'], slotminutes = 60): WeeklyHours => ({
    timezone: 'Europe/Berlin',
    slotminutes,
    weekly,
    daysoff: [],
  });

  it('keeps 09:00 local on both sides of the change, one UTC hour apart', () => {
    const hours = berlin([
      { weekday: 6, start: '09:00', end: '12:00' },
      { weekday: 7, start: '09:00', end: '12:00' },
    ]);
    expect(starts(hours, '2027-03-27T00:00:00Z', '2027-03-29T00:00:00Z')).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-27T09:00:00.000Z',
      '2027-03-27T10:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
      '2027-03-28T09:00:00.000Z',
    ]);
  });

  it('offers no slot at a wall time that does not exist, and a range over the gap is an hour shorter', () => {
    const hours = berlin([{ weekday: 7, start: '01:00', end: '04:00' }], 30);
    const slots = starts(hours, '2027-03-27T12:00:00Z', '2027-03-29T00:00:00Z');
    expect(slots).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T00:30:00.000Z',
      '2027-03-28T01:00:00.000Z',
      '2027-03-28T01:30:00.000Z',
    ]);
    expect(slots.map((s) => local(s, 'Europe/Berlin'))).toEqual([
      '01:00',
      '01:30',
      '03:00',
      '03:30',
    ]);
  });
});

describe('slots in America/New_York around the clocks going back (Sunday 2027-11-07)', () => {
  const newYork = (weekly: WeeklyHours['weekly']): WeeklyHours => ({
    timezone: 'America/New_York',
    slotminutes: 60,
    weekly,
    daysoff: [],
  });

  it('keeps 09:00 local on both sides of the change', () => {
    const hours = newYork([
      { weekday: 6, start: '09:00', end: '11:00' },
      { weekday: 7, start: '09:00', end: '11:00' },
    ]);
    expect(starts(hours, '2027-11-06T00:00:00Z', '2027-11-08T00:00:00Z')).toEqual([
      '2027-11-06T13:00:00.000Z',
      '2027-11-06T14:00:00.000Z',
      '2027-11-07T14:00:00.000Z',
      '2027-11-07T15:00:00.000Z',
    ]);
  });

  it('counts the repeated hour once each time it happens, without overlapping slots', () => {
    const hours = newYork([{ weekday: 7, start: '00:00', end: '03:00' }]);
    const slots = [...offeredSlots(hours, ms('2027-11-07T00:00:00Z'), ms('2027-11-08T00:00:00Z'))];
    expect(slots.map((s) => iso(s.start))).toEqual([
      '2027-11-07T04:00:00.000Z',
      '2027-11-07T05:00:00.000Z',
      '2027-11-07T06:00:00.000Z',
      '2027-11-07T07:00:00.000Z',
    ]);
    slots.slice(1).forEach((s, i) => expect(s.start).toBe(slots[i]?.end));
    expect(slots.map((s) => local(iso(s.start), 'America/New_York'))).toEqual([
      '00:00',
      '01:00',
      '01:00',
      '02:00',
    ]);
  });
});

describe('which slots are offered and free', () => {
  const hours: WeeklyHours = {
    timezone: 'Europe/Oslo',
    slotminutes: 45,
    weekly: [
      { weekday: 1, start: '13:00', end: '15:00' },
      { weekday: 1, start: '08:00', end: '09:40' },
    ],
    daysoff: ['2027-01-11'],
  };

  it('fits whole slots inside each range, skips days off, and keeps only starts inside [from, to)', () => {
    // Mondays 2027-01-04, 2027-01-11 (off) and 2027-01-18; Oslo is UTC+1 in winter.
    expect(starts(hours, '2027-01-04T00:00:00Z', '2027-01-19T00:00:00Z')).toEqual([
      '2027-01-04T07:00:00.000Z',
      '2027-01-04T07:45:00.000Z',
      '2027-01-04T12:00:00.000Z',
      '2027-01-04T12:45:00.000Z',
      '2027-01-18T07:00:00.000Z',
      '2027-01-18T07:45:00.000Z',
      '2027-01-18T12:00:00.000Z',
      '2027-01-18T12:45:00.000Z',
    ]);
    expect(starts(hours, '2027-01-04T07:45:00Z', '2027-01-04T12:45:00Z')).toEqual([
      '2027-01-04T07:45:00.000Z',
      '2027-01-04T12:00:00.000Z',
    ]);
  });

  it('leaves out a slot any booking overlaps', () => {
    const booked = [{ start: ms('2027-01-04T07:30:00Z'), end: ms('2027-01-04T08:00:00Z') }];
    const free = [
      ...freeSlots(hours, ms('2027-01-04T00:00:00Z'), ms('2027-01-05T00:00:00Z'), booked),
    ];
    expect(free.map((s) => iso(s.start))).toEqual([
      '2027-01-04T12:00:00.000Z',
      '2027-01-04T12:45:00.000Z',
    ]);
  });

  it('gives nothing without weekly hours or for an empty window', () => {
    expect(
      starts({ ...hours, weekly: [] }, '2027-01-04T00:00:00Z', '2027-01-05T00:00:00Z'),
    ).toEqual([]);
    expect(starts(hours, '2027-01-05T00:00:00Z', '2027-01-04T00:00:00Z')).toEqual([]);
  });

  it('knows the local day and where the next one starts', () => {
    expect(dayIn(ms('2027-03-27T23:30:00Z'), 'Europe/Berlin')).toBe('2027-03-28');
    expect(iso(startOfNextDay(ms('2027-03-27T12:00:00Z'), 'Europe/Berlin'))).toBe(
      '2027-03-27T23:00:00.000Z',
    );
    expect(iso(startOfNextDay(ms('2027-03-28T12:00:00Z'), 'Europe/Berlin'))).toBe(
      '2027-03-28T22:00:00.000Z',
    );
  });
});
