import type { AvailabilityInput } from '@tend/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/helper.ts';
import {
  BERLIN_WEEKDAYS,
  FIRST_SLOT,
  appointmentScenario,
} from '../../../test/appointment-scenario.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

describe.each(testDialects())('availability and slots on %s', (dialect) => {
  const s = freshForEachTest(() => appointmentScenario(dialect));

  describe('GET and PUT /me/availability', () => {
    it('is for doctors only, each their own', async () => {
      const statuses = [];
      for (const [, who] of s.callers()) {
        statuses.push((await s.call(who, 'GET', '/api/v1/me/availability')).statusCode);
        statuses.push(
          (await s.call(who, 'PUT', '/api/v1/me/availability', BERLIN_WEEKDAYS)).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 403, 403, 403, 403, 200, 200, 200, 200]);
      const mine = await s.call(s.doctor, 'GET', '/api/v1/me/availability');
      expect(mine.json()).toEqual(BERLIN_WEEKDAYS);
    });

    it('starts as an empty week in the doctor’s time zone', async () => {
      const res = await s.call(s.otherDoctor, 'GET', '/api/v1/me/availability');
      expect(res.json()).toEqual({
        timezone: expect.any(String),
        slotminutes: 30,
        weekly: [],
        daysoff: [],
      });
    });

    it('keeps ranges in weekday order and days off sorted once each', async () => {
      const res = await s.call(s.otherDoctor, 'PUT', '/api/v1/me/availability', {
        timezone: 'America/New_York',
        slotminutes: 45,
        weekly: [
          { weekday: 3, start: '13:00', end: '17:00' },
          { weekday: 1, start: '12:00', end: '16:00' },
          { weekday: 1, start: '08:00', end: '12:00' },
        ],
        daysoff: ['2027-12-25', '2027-07-04', '2027-12-25'],
      });
      expect(res.statusCode).toBe(200);
      const stored = (await s.call(s.otherDoctor, 'GET', '/api/v1/me/availability')).json();
      expect(stored.weekly.map((r: { start: string }) => r.start)).toEqual([
        '08:00',
        '12:00',
        '13:00',
      ]);
      expect(stored.daysoff).toEqual(['2027-07-04', '2027-12-25']);
    });

    it.each([
      [
        'overlapping ranges of one weekday',
        {
          weekly: [
            { weekday: 2, start: '09:00', end: '12:00' },
            { weekday: 2, start: '11:30', end: '14:00' },
          ],
        },
        'weekly.1',
        'Tuesday’s hours 09:00–12:00 and 11:30–14:00 overlap.',
      ],
      [
        'an end before the start',
        { weekly: [{ weekday: 1, start: '12:00', end: '09:00' }] },
        'weekly.0.end',
        'The end time must be after the start time.',
      ],
      ['a slot length not offered', { slotminutes: 25 }, 'slotminutes', undefined],
      ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone', undefined],
      [
        'weekday 8',
        { weekly: [{ weekday: 8, start: '09:00', end: '10:00' }] },
        'weekly.0.weekday',
        undefined,
      ],
      [
        'a time that is not HH:MM',
        { weekly: [{ weekday: 1, start: '9am', end: '10:00' }] },
        'weekly.0.start',
        undefined,
      ],
      ['a day off that is not a date', { daysoff: ['2027-02-30'] }, 'daysoff.0', undefined],
      ['an unknown field', { holidays: [] }, 'holidays', 'This field is not accepted here.'],
    ])('refuses %s in words and changes nothing', async (_name, change, field, message) => {
      const res = await s.call(s.doctor, 'PUT', '/api/v1/me/availability', {
        ...BERLIN_WEEKDAYS,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('invalid_input');
      expect(error.fields[field]).toEqual(message ?? expect.stringMatching(/\w+ \w+/));
      expect((await s.call(s.doctor, 'GET', '/api/v1/me/availability')).json()).toEqual(
        BERLIN_WEEKDAYS,
      );
    });

    it('lets ranges of one weekday touch', async () => {
      const res = await s.call(s.doctor, 'PUT', '/api/v1/me/availability', {
        ...BERLIN_WEEKDAYS,
        weekly: [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '12:00', end: '14:00' },
        ],
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('GET /doctors/{id}/slots', () => {
    const slotsUrl = (id: string, from: string, to: string) =>
      `/api/v1/doctors/${id}/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

    it('answers everyone signed in with the doctor’s free future slots in UTC', async () => {
      const url = slotsUrl(s.doctor.id, '2027-03-22T00:00:00Z', '2027-03-23T00:00:00Z');
      expect((await s.call(null, 'GET', url)).statusCode).toBe(401);
      for (const [, who] of s.callers().slice(1)) {
        const res = await s.call(who, 'GET', url);
        expect(res.statusCode).toBe(200);
        expect(res.json().timezone).toBe('Europe/Berlin');
        expect(res.json().slots).toHaveLength(6);
        expect(res.json().slots[0]).toEqual({
          start: FIRST_SLOT,
          end: '2027-03-22T08:30:00.000Z',
        });
      }
    });

    it('moves with Berlin’s clocks going forward on 2027-03-28, with a fixed clock', async () => {
      s.setNow('2027-03-25T12:00:00.000Z');
      const res = await s.call(
        s.patient,
        'GET',
        slotsUrl(s.doctor.id, '2027-03-26T00:00:00Z', '2027-03-30T00:00:00Z'),
      );
      const starts = res.json().slots.map((x: { start: string }) => x.start);
      // Friday 09:00 CET is 08:00 UTC; Monday 09:00 CEST is 07:00 UTC; no weekend slots.
      expect(starts[0]).toBe('2027-03-26T08:00:00.000Z');
      expect(starts[6]).toBe('2027-03-29T07:00:00.000Z');
      expect(starts).toHaveLength(12);
    });

    it('leaves out the past, days off and booked slots; a cancelled booking frees its slot', async () => {
      s.setNow('2027-03-22T09:10:00.000Z');
      await s.call(s.doctor, 'PUT', '/api/v1/me/availability', {
        ...BERLIN_WEEKDAYS,
        daysoff: ['2027-03-23'],
      });
      const url = slotsUrl(s.doctor.id, '2027-03-22T00:00:00Z', '2027-03-25T00:00:00Z');
      const starts = async () =>
        (await s.call(s.otherPatient, 'GET', url))
          .json()
          .slots.map((x: { start: string }) => x.start);
      const before = await starts();
      expect(before[0]).toBe('2027-03-22T09:30:00.000Z');
      expect(before.filter((x: string) => x.startsWith('2027-03-23'))).toEqual([]);
      expect(before).toHaveLength(3 + 6);
      const booked = await s.book('2027-03-24T08:00:00.000Z');
      expect(await starts()).not.toContain('2027-03-24T08:00:00.000Z');
      await s.call(s.patient, 'POST', `/api/v1/appointments/${booked._id}/cancel`, {
        reason: 'Feeling better',
      });
      expect(await starts()).toEqual(before);
    });

    describe('plain dates, as days in the doctor’s time zone', () => {
      // Evenings in New York, whose clocks go forward on Sunday 2027-03-14: in UTC each evening
      // falls on the next day, so reading the dates as UTC days would give other slots.
      const NEW_YORK_EVENINGS: AvailabilityInput = {
        timezone: 'America/New_York',
        slotminutes: 60,
        weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '20:00', end: '23:00' })),
        daysoff: [],
      };
      const startsOf = (res: { json: () => { slots: { start: string }[] } }) =>
        res.json().slots.map((x) => x.start);

      beforeEach(async () => {
        s.setNow('2027-03-10T12:00:00.000Z');
        await s.callExpecting(
          200,
          s.otherDoctor,
          'PUT',
          '/api/v1/me/availability',
          NEW_YORK_EVENINGS,
        );
      });

      it('reads from as the start and to as the end of each day, across the change, and books one', async () => {
        const url = slotsUrl(s.otherDoctor.id, '2027-03-13', '2027-03-14');
        const res = await s.callExpecting(200, s.patient, 'GET', url);
        expect(res.json().timezone).toBe('America/New_York');
        // Saturday 20:00 EST is 01:00 UTC; Sunday 20:00 EDT is 00:00 UTC.
        expect(startsOf(res)).toEqual([
          '2027-03-14T01:00:00.000Z',
          '2027-03-14T02:00:00.000Z',
          '2027-03-14T03:00:00.000Z',
          '2027-03-15T00:00:00.000Z',
          '2027-03-15T01:00:00.000Z',
          '2027-03-15T02:00:00.000Z',
        ]);
        const booked = await s.callExpecting(201, s.patient, 'POST', '/api/v1/appointments', {
          doctorId: s.otherDoctor.id,
          start: '2027-03-15T00:00:00.000Z',
          type: 'online',
          purpose: 'Sleep trouble since the clocks changed',
        });
        expect(booked.json()).toMatchObject({
          start: '2027-03-15T00:00:00.000Z',
          end: '2027-03-15T01:00:00.000Z',
          status: 'requested',
        });
        const after = await s.callExpecting(200, s.otherPatient, 'GET', url);
        expect(startsOf(after)).not.toContain('2027-03-15T00:00:00.000Z');
        expect(startsOf(after)).toHaveLength(5);
      });

      it('mixes a date and an instant', async () => {
        const res = await s.callExpecting(
          200,
          s.patient,
          'GET',
          slotsUrl(s.otherDoctor.id, '2027-03-14', '2027-03-15T01:30:00Z'),
        );
        expect(startsOf(res)).toEqual(['2027-03-15T00:00:00.000Z', '2027-03-15T01:00:00.000Z']);
      });

      it('allows 31 days of dates, counted in the doctor’s calendar, and no more', async () => {
        const month = slotsUrl(s.otherDoctor.id, '2027-03-11', '2027-04-10');
        expect(startsOf(await s.callExpecting(200, s.patient, 'GET', month))).toHaveLength(31 * 3);
        const tooLong = await s.call(
          s.patient,
          'GET',
          slotsUrl(s.otherDoctor.id, '2027-03-11', '2027-04-11'),
        );
        expect(tooLong.statusCode).toBe(400);
        expect(tooLong.json().error.fields.to).toBe('At most 31 days after from.');
      });

      it('answers the last days a date can name with the slots that fit in four-digit years, not a fault', async () => {
        for (const url of [
          slotsUrl(s.otherDoctor.id, '9999-12-25', '9999-12-31'),
          `/api/v1/doctors/${s.otherDoctor.id}/slots?from=9999-12-31`,
        ]) {
          const res = await s.callExpecting(200, s.patient, 'GET', url);
          for (const slot of res.json<{ slots: { end: string }[] }>().slots) {
            expect(slot.end).toMatch(/^9999-12-/);
          }
        }
      });

      it('says so in the OpenAPI document', async () => {
        const doc = (await s.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
          paths: Record<string, { get: { parameters: { name: string; description?: string }[] } }>;
        }>();
        const params = doc.paths['/api/v1/doctors/{id}/slots']?.get.parameters ?? [];
        expect(params.find((p) => p.name === 'from')?.description).toMatch(
          /date \(YYYY-MM-DD\) means the start of that day in the doctor's time zone/,
        );
        expect(params.find((p) => p.name === 'to')?.description).toMatch(
          /the end of that day \(it is included\) in the doctor's time zone/,
        );
      });
    });

    it('defaults to the next 7 days from now', async () => {
      const res = await s.call(s.patient, 'GET', `/api/v1/doctors/${s.doctor.id}/slots`);
      expect(res.json().slots).toHaveLength(5 * 6);
    });

    it.each([
      ['more than 31 days', '2027-03-22T00:00:00Z', '2027-04-23T00:00:00Z', 'to'],
      ['from after to', '2027-03-23T00:00:00Z', '2027-03-22T00:00:00Z', 'to'],
      ['a time without a zone', '2027-03-22T00:00:00', '2027-03-23T00:00:00Z', 'from'],
      ['not a time', 'soon', '2027-03-23T00:00:00Z', 'from'],
      ['a day that does not exist', '2027-02-30', '2027-03-23', 'from'],
      ['a day before from', '2027-03-23', '2027-03-22', 'to'],
    ])('refuses %s', async (_name, from, to, field) => {
      const res = await s.call(s.patient, 'GET', slotsUrl(s.doctor.id, from, to));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toEqual(expect.any(String));
    });

    it('knows no such doctor: an unknown id or a patient', async () => {
      const window = ['2027-03-22T00:00:00Z', '2027-03-23T00:00:00Z'] as const;
      expect((await s.call(s.patient, 'GET', slotsUrl('nobody', ...window))).statusCode).toBe(404);
      expect(
        (await s.call(s.patient, 'GET', slotsUrl(s.otherPatient.id, ...window))).statusCode,
      ).toBe(404);
      const none = await s.call(s.patient, 'GET', slotsUrl(s.otherDoctor.id, ...window));
      expect(none.json().slots).toEqual([]);
    });
  });
});
