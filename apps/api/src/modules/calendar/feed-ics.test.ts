import { describe, expect, it } from 'vitest';
import { calendarFeed, type FeedInput, type FeedMedication } from './feed-ics.ts';
import { readFeed } from '../../../test/read-feed.ts';

const medication = (over: Partial<FeedMedication> = {}): FeedMedication => ({
  id: 'm1',
  name: 'Metformin',
  dosage: '500 mg',
  startdate: '2027-03-09',
  enddate: '2027-03-16',
  timefrequency: 'day',
  updatedAt: '2027-03-01T10:00:00.000Z',
  ...over,
});

const input = (over: Partial<FeedInput> = {}): FeedInput => ({
  role: 'patient',
  language: 'en',
  timezone: 'America/New_York',
  publicUrl: 'https://tend.example.org',
  now: new Date('2027-03-01T12:00:00Z'),
  visits: [],
  medications: [medication()],
  remindertimes: { day: '08:30', afternoon: '14:00', night: '21:00' },
  ...over,
});

describe('calendarFeed', () => {
  it('repeats a dose daily at the same clock time across a daylight-saving change, through the end date', () => {
    // New York moves to summer time on Sunday 14 March 2027: 08:30 is 13:30 UTC before, 12:30 after.
    const { events, timezones } = readFeed(calendarFeed(input()));
    expect(timezones).toEqual(['America/New_York']);
    const [dose] = events;
    expect(dose?.tzid).toBe('America/New_York');
    expect(dose?.summary).toBe('Take Metformin (500 mg)');
    expect(dose?.starts()).toEqual([
      '2027-03-09T13:30:00.000Z',
      '2027-03-10T13:30:00.000Z',
      '2027-03-11T13:30:00.000Z',
      '2027-03-12T13:30:00.000Z',
      '2027-03-13T13:30:00.000Z',
      '2027-03-14T12:30:00.000Z',
      '2027-03-15T12:30:00.000Z',
      '2027-03-16T12:30:00.000Z',
    ]);
  });

  it('keeps an ongoing medication going, at the reminder time of its time of day', () => {
    const feed = calendarFeed(
      input({ medications: [medication({ enddate: null, timefrequency: 'night' })] }),
    );
    const starts = readFeed(feed).events[0]?.starts(400) ?? [];
    expect(starts).toHaveLength(400);
    expect(starts[0]).toBe('2027-03-10T02:00:00.000Z');
    expect(starts.at(-1)).toBe('2028-04-12T01:00:00.000Z');
  });

  it('gives a start day whose reminder time a spring-forward night skips an event of its own', () => {
    // 02:30 does not exist in New York on 14 March 2027; the day's event is at 03:30 EDT instead.
    const feed = calendarFeed(
      input({
        medications: [medication({ startdate: '2027-03-14', enddate: '2027-03-16' })],
        remindertimes: { day: '02:30', afternoon: '14:00', night: '21:00' },
      }),
    );
    const events = readFeed(feed).events;
    expect(events.map((e) => [e.uid, e.starts()])).toEqual([
      ['medication-m1-first@tend', ['2027-03-14T07:30:00.000Z']],
      ['medication-m1@tend', ['2027-03-15T06:30:00.000Z', '2027-03-16T06:30:00.000Z']],
    ]);
  });

  it('falls back to UTC times for a zone without VTIMEZONE rules', () => {
    const feed = calendarFeed(input({ timezone: 'Not/AZone' }));
    const { events, timezones } = readFeed(feed);
    expect(timezones).toEqual([]);
    expect(events[0]?.tzid).toBeNull();
    expect(events[0]?.starts(1)).toEqual(['2027-03-09T08:30:00.000Z']);
  });

  it('names an alias zone by its canonical TZID', () => {
    const { events, timezones } = readFeed(calendarFeed(input({ timezone: 'UTC' })));
    expect(timezones).toEqual(['Etc/UTC']);
    expect(events[0]?.starts(1)).toEqual(['2027-03-09T08:30:00.000Z']);
  });

  it('links an online visit to its video room and an in-person one to the practice', () => {
    const feed = calendarFeed(
      input({
        medications: [],
        visits: [
          {
            id: 'v1',
            start: '2027-03-22T08:00:00.000Z',
            end: '2027-03-22T08:30:00.000Z',
            type: 'online',
            purpose: 'Follow-up',
            withName: 'Dr. Ана Person',
            location: 'Unter den Linden 1, Berlin',
            roomId: 'room123',
            updatedAt: '2027-03-20T08:00:00.000Z',
          },
          {
            id: 'v2',
            start: '2027-03-23T08:00:00.000Z',
            end: '2027-03-23T08:30:00.000Z',
            type: 'in_person',
            purpose: 'Check-up',
            withName: 'Dr. Ана Person',
            location: 'Unter den Linden 1, Berlin',
            roomId: null,
            updatedAt: '2027-03-20T08:00:00.000Z',
          },
        ],
      }),
    );
    const [online, inPerson] = readFeed(feed).events;
    expect(online).toMatchObject({
      uid: 'visit-v1@tend',
      summary: 'Online consultation with Dr. Ана Person',
      url: 'https://tend.example.org/visit/room123',
      location: 'https://tend.example.org/visit/room123',
      end: '2027-03-22T08:30:00.000Z',
    });
    expect(online?.starts()).toEqual(['2027-03-22T08:00:00.000Z']);
    expect(online?.description).toContain('Purpose: Follow-up');
    expect(inPerson).toMatchObject({
      summary: 'Visit with Dr. Ана Person',
      location: 'Unter den Linden 1, Berlin',
      url: 'https://tend.example.org/patient/book-an-appointment',
    });
  });
});
