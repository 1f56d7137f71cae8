import type { NotificationList } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts.ts';
import { testDialects } from '../../../test/helper.ts';
import { FIRST_SLOT, appointmentScenario } from '../../../test/appointment-scenario.ts';
import { multipartBody, pdf } from '../../../test/upload-files.ts';
import { openTestStream } from '../../../test/sse-client.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

describe.each(testDialects())('notifications on %s', (dialect) => {
  const s = freshForEachTest(() => appointmentScenario(dialect));

  const list = async (who: TestAccount, query = '') => {
    const res = await s.call(who, 'GET', `/api/v1/notifications${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<NotificationList>();
  };
  const read = (who: TestAccount | null, body: object) =>
    s.call(who, 'POST', '/api/v1/notifications/read', body);

  /** The patient books and the doctor accepts: one notice each, for the other side's action. */
  async function bookAndAccept() {
    const visit = await s.book(FIRST_SLOT);
    const res = await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
    expect(res.statusCode).toBe(200);
    return visit;
  }

  it('tells the other side of a booking and an acceptance, in the recipient’s words and time zone', async () => {
    await bookAndAccept();
    const doctors = await list(s.doctor);
    expect(doctors.unread).toBe(1);
    expect(doctors.notifications[0]).toMatchObject({
      kind: 'appointment',
      title: 'New appointment request',
      link: '/doctor/appointments',
      readat: null,
    });
    expect(doctors.notifications[0]?.body).toMatch(/Zoë .* asked for an appointment/);
    const patients = await list(s.patient);
    expect(patients.notifications.map((n) => n.title)).toEqual(['Appointment accepted']);
    expect(patients.notifications[0]?.body).toMatch(/^Dr\. Ана .* accepted your appointment/);
    expect(patients.notifications[0]?.link).toBe('/patient/book-an-appointment');
    expect(patients.notifications[0]?.body).toContain('Mon, 22 Mar 2027, 08:00 UTC');
  });

  it('tells of cancelling, completing and payment, and sends appointment events to both sides', async () => {
    const base = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    await s.t.app.liveEvents.ready();
    const patientStream = await openTestStream(base, s.patient.accessToken);
    try {
      const visit = await bookAndAccept();
      s.setNow('2027-03-22T08:10:00.000Z');
      expect(
        (await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/complete`, {}))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/payment`, {
            amount: 80,
            method: 'card',
          })
        ).statusCode,
      ).toBe(200);
      const titles = (await list(s.patient)).notifications.map((n) => n.title);
      expect(titles).toEqual(['Payment recorded', 'Appointment completed', 'Appointment accepted']);

      const frames = [];
      for (let i = 0; i < 7; i += 1) frames.push(await patientStream.next());
      const changes = frames
        .filter((f) => f.event === 'appointment')
        .map((f) => (JSON.parse(f.data) as { change: string }).change);
      expect(changes).toEqual(['booked', 'accepted', 'completed', 'paid']);
      expect(frames.filter((f) => f.event === 'notification')).toHaveLength(3);
    } finally {
      patientStream.close();
    }
  });

  it('tells the patient of a report their doctor added, and nobody of their own upload', async () => {
    await bookAndAccept();
    const upload = (who: TestAccount, fields: Record<string, string>) => {
      const body = multipartBody(fields, {
        filename: 'lab.pdf',
        contentType: 'application/pdf',
        data: pdf(),
      });
      return s.t.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${who.accessToken}` },
      });
    };
    expect((await upload(s.patient, { title: 'My own scan' })).statusCode).toBe(201);
    const byDoctor = await upload(s.doctor, { title: 'Lab results', patientId: s.patient.id });
    expect(byDoctor.statusCode).toBe(201);
    const [latest, ...rest] = (await list(s.patient)).notifications;
    expect(latest).toMatchObject({
      kind: 'report',
      title: 'New medical report',
      link: `/patient/medical-report/${byDoctor.json<{ _id: string }>()._id}`,
    });
    expect(rest.map((n) => n.kind)).toEqual(['appointment']);
    expect((await list(s.doctor)).notifications.map((n) => n.kind)).toEqual(['appointment']);
  });

  it('pages newest first with a cursor', async () => {
    const visit = await bookAndAccept();
    await s.call(s.patient, 'POST', `/api/v1/appointments/${visit._id}/cancel`, {
      reason: 'Feeling better',
    });
    // The doctor now has: the request and the cancellation.
    const first = await list(s.doctor, '?limit=1');
    expect(first.notifications.map((n) => n.title)).toEqual(['Appointment cancelled']);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(s.doctor, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.notifications.map((n) => n.title)).toEqual(['New appointment request']);
    expect(second.nextCursor).toBeNull();
    expect((await s.call(s.doctor, 'GET', '/api/v1/notifications?cursor=bad!')).statusCode).toBe(
      400,
    );
  });

  it('the five callers: each sees and marks only their own; another’s ids are 404 and change nothing', async () => {
    await bookAndAccept();
    const patientNotice = (await list(s.patient)).notifications[0];
    if (!patientNotice) throw new Error('expected a notification');
    for (const [name, who] of s.callers()) {
      const listed = await s.call(who, 'GET', '/api/v1/notifications');
      const marked = await read(who, { ids: [patientNotice._id] });
      if (who === null) {
        expect([listed.statusCode, marked.statusCode], name).toEqual([401, 401]);
        continue;
      }
      const ids = listed.json<NotificationList>().notifications.map((n) => n._id);
      expect(ids.includes(patientNotice._id), name).toBe(who === s.patient);
      expect(marked.statusCode, name).toBe(who === s.patient ? 200 : 404);
      if (who !== s.patient) {
        expect(marked.json(), name).toMatchObject({ error: { code: 'notification_not_found' } });
      }
    }
    expect((await list(s.patient)).notifications[0]?.readat).not.toBeNull();
  });

  it('marks some or all read; bad bodies are 400 and change nothing', async () => {
    const visit = await bookAndAccept();
    await s.call(s.patient, 'POST', `/api/v1/appointments/${visit._id}/cancel`, { reason: 'No' });
    await s.book(FIRST_SLOT);
    const before = await list(s.doctor);
    expect(before.unread).toBe(3);

    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['x'], all: true }, { ids: 'x' }]) {
      const res = await read(s.doctor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
    const mixed = await read(s.doctor, { ids: [before.notifications[0]?._id, 'not-mine'] });
    expect(mixed.statusCode).toBe(404);
    expect((await list(s.doctor)).unread).toBe(3);

    const one = await read(s.doctor, { ids: [before.notifications[0]?._id] });
    expect(one.json()).toEqual({ unread: 2 });
    const all = await read(s.doctor, { all: true });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await list(s.doctor)).notifications.every((n) => n.readat !== null)).toBe(true);
  });
});
