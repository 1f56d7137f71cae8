import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../test/helper.ts';
import { callAs, careScenario, type CareScenario } from '../test/accounts.ts';
import { multipartBody, pdf } from './modules/reports/test-files.ts';

type Caller = 'anonymous' | 'owner' | 'otherPatient' | 'linkedDoctor' | 'unlinkedDoctor';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Ids {
  medication: string;
  owner: string;
  link: string;
  doctor: string;
  appointment: string;
  report: string;
}

/**
 * Every route that touches a patient's data, called by each of DESIGN.md's five callers, with the one
 * status each must get. A new route belongs in this table.
 */
const matrix: Array<
  [string, Method, (ids: Ids) => string, object | undefined, Record<Caller, number>]
> = [
  [
    'list medications',
    'GET',
    () => '/api/v1/medications',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'create medication',
    'POST',
    () => '/api/v1/medications',
    { name: 'X', startdate: '2026-11-01', timefrequency: 'day' },
    { anonymous: 401, owner: 201, otherPatient: 201, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'my adherence',
    'GET',
    () => '/api/v1/medications/adherence',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'read medication',
    'GET',
    (i) => `/api/v1/medications/${i.medication}`,
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 404, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'replace medication',
    'PUT',
    (i) => `/api/v1/medications/${i.medication}`,
    { name: 'Y', startdate: '2026-11-01', timefrequency: 'night' },
    { anonymous: 401, owner: 200, otherPatient: 404, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'tick today',
    'PATCH',
    (i) => `/api/v1/medications/${i.medication}`,
    { taken: true },
    { anonymous: 401, owner: 200, otherPatient: 404, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'dose history',
    'GET',
    (i) => `/api/v1/medications/${i.medication}/doses`,
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 404, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'record a day',
    'PUT',
    (i) => `/api/v1/medications/${i.medication}/doses/2026-11-20`,
    { taken: true },
    { anonymous: 401, owner: 200, otherPatient: 404, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'track a patient',
    'GET',
    (i) => `/api/v1/trackmedications/${i.owner}`,
    undefined,
    { anonymous: 401, owner: 403, otherPatient: 403, linkedDoctor: 200, unlinkedDoctor: 404 },
  ],
  [
    'linked patients',
    'GET',
    () => '/api/v1/patients',
    undefined,
    { anonymous: 401, owner: 403, otherPatient: 403, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'access log',
    'GET',
    () => '/api/v1/me/access-log',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'doctor directory',
    'GET',
    () => '/api/v1/doctors',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'list care links',
    'GET',
    () => '/api/v1/care-links',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'share with a doctor',
    'POST',
    () => '/api/v1/care-links',
    undefined,
    { anonymous: 401, owner: 409, otherPatient: 201, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
  [
    'end a care link',
    'DELETE',
    (i) => `/api/v1/care-links/${i.link}`,
    undefined,
    { anonymous: 401, owner: 204, otherPatient: 404, linkedDoctor: 204, unlinkedDoctor: 404 },
  ],
  [
    'list my appointments',
    'GET',
    () => '/api/v1/appointments',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'read an appointment',
    'GET',
    (i) => `/api/v1/appointments/${i.appointment}`,
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 404, linkedDoctor: 200, unlinkedDoctor: 404 },
  ],
  [
    'accept an appointment',
    'POST',
    (i) => `/api/v1/appointments/${i.appointment}/accept`,
    undefined,
    { anonymous: 401, owner: 403, otherPatient: 403, linkedDoctor: 200, unlinkedDoctor: 404 },
  ],
  [
    'a doctor’s free slots',
    'GET',
    (i) => `/api/v1/doctors/${i.doctor}/slots`,
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    "list a patient's reports",
    'GET',
    (i) => `/api/v1/reports?patientId=${i.owner}`,
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 404, linkedDoctor: 200, unlinkedDoctor: 404 },
  ],
  [
    "view a report's file",
    'GET',
    (i) => `/api/v1/reports/${i.report}/file`,
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 404, linkedDoctor: 200, unlinkedDoctor: 404 },
  ],
  [
    'delete a report (the patient uploaded it)',
    'DELETE',
    (i) => `/api/v1/reports/${i.report}`,
    undefined,
    { anonymous: 401, owner: 204, otherPatient: 404, linkedDoctor: 403, unlinkedDoctor: 404 },
  ],
  [
    'my calendar feed address (each caller gets their own)',
    'GET',
    () => '/api/v1/me/calendar',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'a new calendar feed address',
    'POST',
    () => '/api/v1/me/calendar/reset',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'my email status (each caller their own)',
    'GET',
    () => '/api/v1/me/email-status',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'a new confirmation link (this test Tend sends no email: 409 in words for everyone)',
    'POST',
    () => '/api/v1/me/verify-email/resend',
    undefined,
    { anonymous: 401, owner: 409, otherPatient: 409, linkedDoctor: 409, unlinkedDoctor: 409 },
  ],
  [
    'my notification settings (each caller their own)',
    'GET',
    () => '/api/v1/me/notification-settings',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'save my notification settings',
    'PUT',
    () => '/api/v1/me/notification-settings',
    {
      email: false,
      push: true,
      remindertimes: { day: '08:30', afternoon: '14:00', night: '21:00' },
    },
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'the Web Push key',
    'GET',
    () => '/api/v1/push/key',
    undefined,
    { anonymous: 401, owner: 200, otherPatient: 200, linkedDoctor: 200, unlinkedDoctor: 200 },
  ],
  [
    'subscribe this browser (it moves to whoever subscribes it last)',
    'POST',
    () => '/api/v1/push/subscriptions',
    {
      endpoint: 'https://push.example.org/one-browser',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
    },
    { anonymous: 401, owner: 201, otherPatient: 201, linkedDoctor: 201, unlinkedDoctor: 201 },
  ],
  [
    'unsubscribe a browser (only one’s own is removed)',
    'DELETE',
    () => '/api/v1/push/subscriptions',
    { endpoint: 'https://push.example.org/one-browser' },
    { anonymous: 401, owner: 204, otherPatient: 204, linkedDoctor: 204, unlinkedDoctor: 204 },
  ],
  [
    'a reminder action with an unknown token (the token is the authority, not the session)',
    'POST',
    () => `/api/v1/reminders/${'x'.repeat(43)}/taken`,
    undefined,
    { anonymous: 404, owner: 404, otherPatient: 404, linkedDoctor: 404, unlinkedDoctor: 404 },
  ],
  [
    'delete medication',
    'DELETE',
    (i) => `/api/v1/medications/${i.medication}`,
    undefined,
    { anonymous: 401, owner: 204, otherPatient: 404, linkedDoctor: 403, unlinkedDoctor: 403 },
  ],
];

describe.each(testDialects())('who may call what, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  let ids: Ids;

  beforeEach(async () => {
    t = await createTestApp(dialect, {}, { clock: () => new Date('2026-11-21T12:00:00Z') });
    s = await careScenario(t);
    const med = await callAs(t, s.owner, 'POST', '/api/v1/medications', {
      name: 'Metformin',
      startdate: '2026-11-01',
      timefrequency: 'day',
    });
    await callAs(t, s.linkedDoctor, 'PUT', '/api/v1/me/availability', {
      timezone: 'UTC',
      slotminutes: 30,
      weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
      daysoff: [],
    });
    const visit = await callAs(t, s.owner, 'POST', '/api/v1/appointments', {
      doctorId: s.linkedDoctor.id,
      start: '2026-11-23T09:00:00Z',
      type: 'online',
      purpose: 'Review of medications',
    });
    // Uploads are multipart, so the upload itself is tested in modules/reports; here, one to reach.
    const form = multipartBody(
      { title: 'Blood test' },
      { filename: 'blood.pdf', contentType: 'application/pdf', data: pdf() },
    );
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${s.owner.accessToken}` },
    });
    ids = {
      medication: med.json()._id,
      report: report.json()._id,
      owner: s.owner.id,
      link: s.linkId,
      doctor: s.linkedDoctor.id,
      appointment: visit.json()._id,
    };
  });
  afterEach(() => t.close());

  for (const [name, method, url, body, expected] of matrix) {
    it(`${name}: ${Object.entries(expected)
      .map(([who, status]) => `${who} ${status}`)
      .join(', ')}`, async () => {
      const payload = name === 'share with a doctor' ? { doctorId: ids.doctor } : body;
      // The owner goes last: a delete by the owner must not hide what the others would have got.
      const order: Caller[] = [
        'anonymous',
        'otherPatient',
        'linkedDoctor',
        'unlinkedDoctor',
        'owner',
      ];
      const got: Partial<Record<Caller, number>> = {};
      for (const caller of order) {
        const who = caller === 'anonymous' ? null : s[caller];
        // Ending the link is allowed to both sides; give each its own fresh link to end.
        if (name === 'end a care link' && caller === 'owner') {
          const again = await callAs(t, s.owner, 'POST', '/api/v1/care-links', {
            doctorId: s.linkedDoctor.id,
          });
          ids.link = again.json()._id;
        }
        got[caller] = (await callAs(t, who, method, url(ids), payload)).statusCode;
      }
      expect(got).toEqual(expected);
    });
  }
});
