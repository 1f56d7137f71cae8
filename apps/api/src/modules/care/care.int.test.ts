import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import {
  bearer,
  callsOn,
  careScenario,
  type CareScenario,
  type TestAccount,
} from '../../../test/accounts.ts';

const TODAY = '2026-11-21';

describe.each(testDialects())('sharing with doctors on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  let medicationId: string;

  beforeEach(async () => {
    t = await createTestApp(dialect, {}, { clock: () => new Date(`${TODAY}T12:00:00Z`) });
    s = await careScenario(t);
    const med = await call(s.owner, 'POST', '/api/v1/medications', {
      name: 'Metformin',
      dosage: '500 mg',
      startdate: '2026-11-01',
      timefrequency: 'day',
    });
    medicationId = med.json()._id;
    await call(s.owner, 'PATCH', `/api/v1/medications/${medicationId}`, { taken: true });
    await call(s.owner, 'PUT', `/api/v1/medications/${medicationId}/doses/2026-11-18`, {
      taken: true,
    });
  });
  afterEach(() => t.close());

  const call = callsOn(() => t);

  describe('GET /trackmedications/{patientId}', () => {
    const track = (who: TestAccount | null) =>
      call(who, 'GET', `/api/v1/trackmedications/${s.owner.id}`);

    it('anonymous 401, patients 403, the unlinked doctor 404', async () => {
      expect((await track(null)).statusCode).toBe(401);
      expect((await track(s.owner)).statusCode).toBe(403);
      expect((await track(s.otherPatient)).statusCode).toBe(403);
      const unlinked = await track(s.unlinkedDoctor);
      expect(unlinked.statusCode).toBe(404);
      expect(unlinked.body).not.toContain('Metformin');
    });

    it('gives the linked doctor today’s state, adherence over 7 and 30 days and the last 14 days', async () => {
      const res = await track(s.linkedDoctor);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.today).toBe(TODAY);
      expect(body.patient).toMatchObject({ _id: s.owner.id, firstname: 'Test' });
      expect(body.medications).toHaveLength(1);
      const [med] = body.medications;
      expect(med).toMatchObject({
        _id: medicationId,
        name: 'Metformin',
        dosage: '500 mg',
        timefrequency: 'day',
        taken: true,
      });
      expect(med.adherence7).toEqual({ taken: 2, due: 7 });
      expect(med.adherence30).toEqual({ taken: 2, due: 21 }); // due from 1 Nov (its start) to today
      expect(med.recent).toHaveLength(14);
      expect(med.recent.at(-1)).toEqual({ date: TODAY, taken: true });
      expect(med.recent.find((d: { date: string }) => d.date === '2026-11-18').taken).toBe(true);
      expect(med.recent.find((d: { date: string }) => d.date === '2026-11-19').taken).toBe(false);
    });

    it('writes every read into the patient’s access log, which only the patient can read', async () => {
      await track(s.linkedDoctor);
      const log = await call(s.owner, 'GET', '/api/v1/me/access-log');
      expect(log.statusCode).toBe(200);
      expect(log.json().events[0]).toMatchObject({
        action: 'medications.viewed',
        description: 'Viewed your medications and doses',
        actor: { _id: s.linkedDoctor.id, userType: 'doctor' },
      });
      expect((await call(s.linkedDoctor, 'GET', '/api/v1/me/access-log')).statusCode).toBe(403);
      expect((await call(s.otherPatient, 'GET', '/api/v1/me/access-log')).json().events).toEqual(
        [],
      );
      expect((await call(null, 'GET', '/api/v1/me/access-log')).statusCode).toBe(401);
    });

    it('stops at once when the patient ends the link', async () => {
      expect((await call(s.owner, 'DELETE', `/api/v1/care-links/${s.linkId}`)).statusCode).toBe(
        204,
      );
      expect((await track(s.linkedDoctor)).statusCode).toBe(404);
      expect((await call(s.linkedDoctor, 'GET', '/api/v1/patients')).json().patients).toEqual([]);
    });
  });

  describe('GET /patients', () => {
    it('lists a doctor’s linked patients with adherence this week; others get nothing or 403', async () => {
      expect((await call(null, 'GET', '/api/v1/patients')).statusCode).toBe(401);
      expect((await call(s.owner, 'GET', '/api/v1/patients')).statusCode).toBe(403);
      expect((await call(s.otherPatient, 'GET', '/api/v1/patients')).statusCode).toBe(403);
      expect((await call(s.unlinkedDoctor, 'GET', '/api/v1/patients')).json()).toEqual({
        patients: [],
        nextCursor: null,
      });
      const res = await call(s.linkedDoctor, 'GET', '/api/v1/patients');
      expect(res.json().patients).toEqual([
        expect.objectContaining({
          _id: s.owner.id,
          adherence7: { taken: 2, due: 7 },
          linkedAt: expect.any(String),
        }),
      ]);
    });

    it('puts the lowest adherence first', async () => {
      const second = await careScenario(t);
      await call(second.owner, 'POST', '/api/v1/care-links', { doctorId: s.linkedDoctor.id });
      const med = await call(second.owner, 'POST', '/api/v1/medications', {
        name: 'A',
        startdate: '2026-11-15',
        timefrequency: 'night',
      });
      expect(med.statusCode).toBe(201);
      const ids = (await call(s.linkedDoctor, 'GET', '/api/v1/patients'))
        .json()
        .patients.map((p: { _id: string }) => p._id);
      expect(ids).toEqual([second.owner.id, s.owner.id]);
    });
  });

  describe('care links', () => {
    it('lets a patient share with a registered doctor once', async () => {
      expect(
        (await call(null, 'POST', '/api/v1/care-links', { doctorId: s.unlinkedDoctor.id }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await call(s.linkedDoctor, 'POST', '/api/v1/care-links', {
            doctorId: s.unlinkedDoctor.id,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(s.owner, 'POST', '/api/v1/care-links', { doctorId: s.linkedDoctor.id }))
          .statusCode,
      ).toBe(409);
      expect(
        (await call(s.owner, 'POST', '/api/v1/care-links', { doctorId: s.otherPatient.id }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(s.owner, 'POST', '/api/v1/care-links', { doctorId: 'nobody' })).statusCode,
      ).toBe(404);
      expect((await call(s.owner, 'POST', '/api/v1/care-links', {})).json().error.fields).toEqual({
        doctorId: expect.any(String),
      });
      const res = await call(s.owner, 'POST', '/api/v1/care-links', {
        doctorId: s.unlinkedDoctor.id,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        patient: { _id: s.owner.id },
        doctor: { _id: s.unlinkedDoctor.id },
      });
    });

    it('shows each side only its own links', async () => {
      const mine = (who: TestAccount) =>
        call(who, 'GET', '/api/v1/care-links').then((r) =>
          r.json().careLinks.map((l: { _id: string }) => l._id),
        );
      expect(await mine(s.owner)).toEqual([s.linkId]);
      expect(await mine(s.linkedDoctor)).toEqual([s.linkId]);
      expect(await mine(s.otherPatient)).toEqual([]);
      expect(await mine(s.unlinkedDoctor)).toEqual([]);
      expect((await call(null, 'GET', '/api/v1/care-links')).statusCode).toBe(401);
    });

    it('can be ended by either side only', async () => {
      const end = (who: TestAccount | null) =>
        call(who, 'DELETE', `/api/v1/care-links/${s.linkId}`);
      expect((await end(null)).statusCode).toBe(401);
      expect((await end(s.otherPatient)).statusCode).toBe(404);
      expect((await end(s.unlinkedDoctor)).statusCode).toBe(404);
      expect((await end(s.linkedDoctor)).statusCode).toBe(204);
      expect((await end(s.owner)).statusCode).toBe(404);
      const log = (await call(s.owner, 'GET', '/api/v1/me/access-log')).json().events;
      expect(log[0]).toMatchObject({
        action: 'care_link.ended',
        actor: { _id: s.linkedDoctor.id },
      });
    });
  });

  describe('doctor directory', () => {
    it('finds registered doctors by name, specialty or location, for signed-in people only', async () => {
      await call(s.unlinkedDoctor, 'PATCH', '/api/v1/me/update', {
        specialty: 'Cardiology',
        location: 'Bergen',
      });
      expect((await call(null, 'GET', '/api/v1/doctors')).statusCode).toBe(401);
      const all = (await call(s.owner, 'GET', '/api/v1/doctors')).json().doctors;
      expect(all.map((d: { _id: string }) => d._id).sort()).toEqual(
        [s.linkedDoctor.id, s.unlinkedDoctor.id].sort(),
      );
      const found = (await call(s.owner, 'GET', '/api/v1/doctors?q=cardio%20BERGEN')).json()
        .doctors;
      expect(found).toEqual([
        expect.objectContaining({
          _id: s.unlinkedDoctor.id,
          specialty: 'Cardiology',
          location: 'Bergen',
        }),
      ]);
      expect((await call(s.owner, 'GET', '/api/v1/doctors?q=%25')).json().doctors).toEqual([]);
      expect(JSON.stringify(all)).not.toMatch(/email|password/);
    });
  });

  describe('profile pictures between linked people', () => {
    it('a linked doctor sees the patient’s picture, an unlinked one does not; anyone signed in sees a doctor’s', async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer();
      const boundary = 'b0undary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      for (const who of [s.owner, s.unlinkedDoctor]) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/v1/me/avatar',
          payload,
          headers: { ...bearer(who), 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expect(res.statusCode).toBe(200);
      }
      const avatar = (who: TestAccount, of: TestAccount) =>
        call(who, 'GET', `/api/v1/users/${of.id}/avatar`).then((r) => r.statusCode);
      expect(await avatar(s.linkedDoctor, s.owner)).toBe(200);
      expect(await avatar(s.unlinkedDoctor, s.owner)).toBe(404);
      expect(await avatar(s.otherPatient, s.owner)).toBe(404);
      expect(await avatar(s.otherPatient, s.unlinkedDoctor)).toBe(200);
    });
  });
});
