import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/helper.ts';
import type { TestAccount } from '../../../test/accounts.ts';
import { setAccountDisabled } from '../accounts/admin-service.ts';
import {
  FIRST_SLOT,
  SECOND_SLOT,
  appointmentScenario,
} from '../../../test/appointment-scenario.ts';
import { readFeed } from '../../../test/read-feed.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

const FEED_URL = /^http:\/\/localhost:3000\/api\/v1\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;

describe.each(testDialects())('the calendar feed on %s', (dialect) => {
  const s = freshForEachTest(() => appointmentScenario(dialect));

  const addressOf = async (who: TestAccount) => {
    const res = await s.call(who, 'GET', '/api/v1/me/calendar');
    expect(res.statusCode).toBe(200);
    return res.json<{ url: string }>().url;
  };
  /** The feed at an address as a calendar app fetches it: no session, just the address. */
  const fetchFeed = (url: string) =>
    s.t.app.inject({ method: 'GET', url: new URL(url).pathname, remoteAddress: '198.51.100.9' });
  const feedOf = async (who: TestAccount) => {
    const res = await fetchFeed(await addressOf(who));
    expect(res.statusCode).toBe(200);
    return readFeed(res.body);
  };
  const addMedication = async (who: TestAccount, medication: object) => {
    const res = await s.call(who, 'POST', '/api/v1/medications', medication);
    expect(res.statusCode).toBe(201);
    return res.json<{ _id: string }>()._id;
  };

  describe('GET /me/calendar and POST /me/calendar/reset', () => {
    it('give every signed-in person an address of their own, and nobody without a session', async () => {
      for (const path of ['/api/v1/me/calendar', '/api/v1/me/calendar/reset']) {
        const method = path.endsWith('reset') ? 'POST' : 'GET';
        const urls: string[] = [];
        for (const [, who] of s.callers()) {
          const res = await s.call(who, method, path);
          expect(res.statusCode).toBe(who ? 200 : 401);
          if (who) urls.push(res.json<{ url: string }>().url);
        }
        urls.forEach((url) => expect(url).toMatch(FEED_URL));
        expect(new Set(urls).size).toBe(4);
      }
    });

    it('keep one address until it is reset, and then the old one answers 404', async () => {
      const first = await addressOf(s.patient);
      expect(await addressOf(s.patient)).toBe(first);
      expect((await fetchFeed(first)).statusCode).toBe(200);

      const reset = await s.call(s.patient, 'POST', '/api/v1/me/calendar/reset');
      expect(reset.statusCode).toBe(200);
      const second = reset.json<{ url: string }>().url;
      expect(second).not.toBe(first);
      expect(await addressOf(s.patient)).toBe(second);

      const old = await fetchFeed(first);
      expect(old.statusCode).toBe(404);
      expect(old.json().error.code).toBe('not_found');
      expect((await fetchFeed(second)).statusCode).toBe(200);
    });

    it('make one address of two first requests at once', async () => {
      const [a, b] = await Promise.all([addressOf(s.doctor), addressOf(s.doctor)]);
      expect(a).toBe(b);
    });
  });

  describe('GET /calendar/{secret}.ics', () => {
    it('answers iCalendar that no one keeps a copy of', async () => {
      const res = await fetchFeed(await addressOf(s.patient));
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    });

    it('answers 404 in words for an address nobody has, whatever its shape', async () => {
      for (const path of [
        `/api/v1/calendar/${'A'.repeat(43)}.ics`,
        '/api/v1/calendar/short.ics',
        `/api/v1/calendar/${'A'.repeat(43)}`,
        `/api/v1/calendar/${'A'.repeat(43)}.json`,
      ]) {
        const res = await s.t.app.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({
          code: 'not_found',
          message:
            'There is no calendar at this address. Its owner may have made a new address in Tend.',
        });
      }
    });

    it('stops answering for a disabled account', async () => {
      const url = await addressOf(s.patient);
      await setAccountDisabled(s.t.db, s.patient.email, true);
      expect((await fetchFeed(url)).statusCode).toBe(404);
    });

    it('lists a patient’s medication reminders daily inside each window, at the reminder times, following daylight saving', async () => {
      s.setNow('2027-03-20T12:00:00.000Z');
      await s.call(s.patient, 'PATCH', '/api/v1/me/update', { timezone: 'Europe/Berlin' });
      // Berlin moves to summer time on Sunday 28 March 2027: 09:00 is 08:00 UTC before, 07:00 after.
      await addMedication(s.patient, {
        name: 'Metformin',
        dosage: '500 mg',
        startdate: '2027-03-26',
        enddate: '2027-03-30',
        timefrequency: 'day',
      });
      await addMedication(s.patient, {
        name: 'Atorvastatin',
        startdate: '2027-03-20',
        enddate: null,
        timefrequency: 'night',
      });
      await addMedication(s.otherPatient, {
        name: 'Not mine',
        startdate: '2027-03-20',
        timefrequency: 'day',
      });

      const { events, timezones } = await feedOf(s.patient);
      expect(timezones).toEqual(['Europe/Berlin']);
      const byName = (name: string) => events.find((e) => e.summary.includes(name));
      expect(events.map((e) => e.summary).sort()).toEqual([
        'Take Atorvastatin',
        'Take Metformin (500 mg)',
      ]);
      expect(byName('Metformin')?.tzid).toBe('Europe/Berlin');
      expect(byName('Metformin')?.starts()).toEqual([
        '2027-03-26T08:00:00.000Z',
        '2027-03-27T08:00:00.000Z',
        '2027-03-28T07:00:00.000Z',
        '2027-03-29T07:00:00.000Z',
        '2027-03-30T07:00:00.000Z',
      ]);
      const ongoing = byName('Atorvastatin')?.starts(30) ?? [];
      expect(ongoing).toHaveLength(30);
      expect(ongoing.slice(7, 9)).toEqual(['2027-03-27T20:00:00.000Z', '2027-03-28T19:00:00.000Z']);
    });

    it('follows the reminder times of the notification settings and each change of a medication', async () => {
      s.setNow('2027-03-20T12:00:00.000Z');
      const id = await addMedication(s.patient, {
        name: 'Metformin',
        startdate: '2027-03-21',
        enddate: '2027-03-22',
        timefrequency: 'afternoon',
      });
      expect((await feedOf(s.patient)).events[0]?.starts()).toEqual([
        '2027-03-21T14:00:00.000Z',
        '2027-03-22T14:00:00.000Z',
      ]);

      const saved = await s.call(s.patient, 'PUT', '/api/v1/me/notification-settings', {
        email: false,
        push: false,
        remindertimes: { day: '07:15', afternoon: '13:05', night: '22:45' },
      });
      expect(saved.statusCode).toBe(200);
      await s.call(s.patient, 'PUT', `/api/v1/medications/${id}`, {
        name: 'Metformin',
        startdate: '2027-03-21',
        enddate: '2027-03-23',
        timefrequency: 'night',
      });
      expect((await feedOf(s.patient)).events[0]?.starts()).toEqual([
        '2027-03-21T22:45:00.000Z',
        '2027-03-22T22:45:00.000Z',
        '2027-03-23T22:45:00.000Z',
      ]);

      await s.call(s.patient, 'DELETE', `/api/v1/medications/${id}`);
      expect((await feedOf(s.patient)).events).toEqual([]);
    });

    it('shows both sides their accepted visits, online ones with the video visit’s address', async () => {
      const online = await s.book(FIRST_SLOT, s.patient, 'online');
      const inPerson = await s.book(SECOND_SLOT, s.otherPatient, 'in_person');
      const requested = await s.book('2027-03-22T09:00:00.000Z', s.patient, 'in_person');
      for (const id of [online._id, inPerson._id]) {
        expect(
          (await s.call(s.doctor, 'POST', `/api/v1/appointments/${id}/accept`)).statusCode,
        ).toBe(200);
      }

      const patientFeed = await feedOf(s.patient);
      expect(patientFeed.events).toHaveLength(1);
      const [visit] = patientFeed.events;
      expect(visit?.summary).toMatch(/^Online consultation with Dr\. Ана /);
      expect(visit?.starts()).toEqual([FIRST_SLOT]);
      expect(visit?.end).toBe(SECOND_SLOT);
      const room = /\/visit\/([A-Za-z0-9_-]{22})$/.exec(visit?.url ?? '')?.[1];
      expect(room).toBeDefined();
      expect(visit?.description).toContain('Purpose: Chest pain when climbing stairs');

      // The same room the visit opens in, once it is open.
      s.setNow('2027-03-22T07:55:00.000Z');
      const opened = await s.call(s.patient, 'GET', `/api/v1/appointments/${online._id}/visit`);
      expect(opened.json().roomid).toBe(room);

      const doctorFeed = await feedOf(s.doctor);
      expect(doctorFeed.events.map((e) => e.summary).sort()).toEqual([
        expect.stringMatching(/^Online consultation with Zoë /),
        expect.stringMatching(/^Visit with Test /),
      ]);
      expect(doctorFeed.events.find((e) => e.summary.startsWith('Visit'))?.location).toBe(
        'Unter den Linden 1, Berlin',
      );
      expect((await feedOf(s.otherDoctor)).events).toEqual([]);
      expect((await feedOf(s.otherPatient)).events.map((e) => e.starts())).toEqual([[SECOND_SLOT]]);

      await s.call(s.patient, 'POST', `/api/v1/appointments/${online._id}/cancel`, {
        reason: 'Feeling better',
      });
      expect((await feedOf(s.patient)).events).toEqual([]);
      expect(requested.status).toBe('requested');
    });

    it('leaves out visits and ended medications more than a year old', async () => {
      const visit = await s.book(FIRST_SLOT, s.patient, 'in_person');
      await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
      await addMedication(s.patient, {
        name: 'Old course',
        startdate: '2027-03-01',
        enddate: '2027-03-10',
        timefrequency: 'day',
      });
      s.setNow('2028-03-10T12:00:00.000Z');
      expect((await feedOf(s.patient)).events.map((e) => e.summary)).toEqual([
        expect.stringMatching(/^Visit with /),
        'Take Old course',
      ]);
      s.setNow('2028-03-23T12:00:00.000Z');
      expect((await feedOf(s.patient)).events).toEqual([]);
    });

    it('is limited per client address like the other routes without a session', async () => {
      const url = new URL(await addressOf(s.patient)).pathname;
      const hit = () => s.t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.50' });
      for (let i = 0; i < 120; i += 1) expect((await hit()).statusCode).toBe(200);
      const limited = await hit();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json().error.message).toMatch(/try again/i);
    });

    it('never writes the secret to the logs', async () => {
      const url = await addressOf(s.patient);
      const secret = FEED_URL.exec(url)?.[1] ?? '';
      await fetchFeed(url);
      await fetchFeed(url.replace(secret, 'B'.repeat(43)));
      const logs = s.t.logs.join('\n');
      expect(logs).toContain('/api/v1/calendar/[redacted].ics');
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain('B'.repeat(43));
    });
  });
});
