import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DOCTORS_PER_PATIENT, MAX_PATIENTS_PER_DOCTOR } from '@tend/shared';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import { callAs, careAppAtNoon, type CareScenario } from '../../../test/accounts.ts';
import {
  expectBadPageRequestsRefused,
  insertLinksDirectly,
  insertUsersDirectly,
  walkPages,
} from '../../../test/pages.ts';

describe.each(testDialects())('care lists and caps on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;

  beforeEach(async () => ({ t, s } = await careAppAtNoon(dialect)));
  afterEach(() => t.close());

  const ids = async (url: string, who = s.owner) =>
    (await callAs(t, who, 'GET', url)).json<Record<string, { _id: string }[]>>();

  it('pages the doctor directory by name: every match once, none missing', async () => {
    const doctors = await insertUsersDirectly(t, 7, 'doctor', 'Pagewalker');
    const walked = await walkPages(t, s.owner, '/api/v1/doctors?q=pagewalker', 'doctors', 3);
    expect(walked).toEqual(doctors); // same name, so by id
    const everyone = await walkPages(t, s.owner, '/api/v1/doctors', 'doctors', 2);
    expect(everyone).toHaveLength(9);
    expect(new Set(everyone).size).toBe(9);
    await expectBadPageRequestsRefused(t, s.owner, '/api/v1/doctors?q=pagewalker');
  });

  it('pages care links on both sides, oldest first', async () => {
    const doctors = await insertUsersDirectly(t, 5, 'doctor', 'Linked');
    const patients = await insertUsersDirectly(t, 4, 'patient', 'Sharing');
    const mine = await insertLinksDirectly(
      t,
      doctors.map((d) => [s.owner.id, d]),
    );
    const theirs = await insertLinksDirectly(
      t,
      patients.map((p) => [p, s.linkedDoctor.id]),
    );
    // The scenario's own link was made today, after the ones dated 1 January.
    expect(await walkPages(t, s.owner, '/api/v1/care-links', 'careLinks', 2)).toEqual([
      ...mine,
      s.linkId,
    ]);
    expect(await walkPages(t, s.linkedDoctor, '/api/v1/care-links', 'careLinks', 4)).toEqual([
      ...theirs,
      s.linkId,
    ]);
    await expectBadPageRequestsRefused(t, s.owner, '/api/v1/care-links');
  });

  it('pages a doctor’s patients: every linked patient once', async () => {
    const patients = await insertUsersDirectly(t, 6, 'patient', 'Followed');
    await insertLinksDirectly(
      t,
      patients.map((p) => [p, s.linkedDoctor.id]),
    );
    const walked = await walkPages(t, s.linkedDoctor, '/api/v1/patients', 'patients', 4);
    expect(new Set(walked)).toEqual(new Set([...patients, s.owner.id]));
    expect(walked).toHaveLength(7);
    await expectBadPageRequestsRefused(t, s.linkedDoctor, '/api/v1/patients');
  });

  it('pages the access log newest first, the same events as one long page', async () => {
    for (let i = 0; i < 5; i += 1) {
      await callAs(t, s.linkedDoctor, 'GET', `/api/v1/trackmedications/${s.owner.id}`);
    }
    const whole = (await ids('/api/v1/me/access-log?limit=100')).events ?? [];
    expect(whole).toHaveLength(5);
    expect(await walkPages(t, s.owner, '/api/v1/me/access-log', 'events', 2)).toEqual(
      whole.map((e) => e._id),
    );
    await expectBadPageRequestsRefused(t, s.owner, '/api/v1/me/access-log');
  });

  it(`lets a patient share with at most ${MAX_DOCTORS_PER_PATIENT} doctors: 409 in words, nothing added`, async () => {
    const doctors = await insertUsersDirectly(t, MAX_DOCTORS_PER_PATIENT, 'doctor', 'Capped');
    await insertLinksDirectly(
      t,
      doctors.slice(0, MAX_DOCTORS_PER_PATIENT - 2).map((d) => [s.owner.id, d]),
    );
    const last = await callAs(t, s.owner, 'POST', '/api/v1/care-links', { doctorId: doctors[98] });
    expect(last.statusCode, last.body).toBe(201);
    const over = await callAs(t, s.owner, 'POST', '/api/v1/care-links', { doctorId: doctors[99] });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'too_many_care_links' });
    expect(over.json().error.message).toContain(String(MAX_DOCTORS_PER_PATIENT));
    const links = await t.db.kysely
      .selectFrom('care_links')
      .select('id')
      .where('patient_id', '=', s.owner.id)
      .execute();
    expect(links).toHaveLength(MAX_DOCTORS_PER_PATIENT);
  });

  it(`lets a doctor follow at most ${MAX_PATIENTS_PER_DOCTOR} patients: 409 in words, nothing added`, async () => {
    const patients = await insertUsersDirectly(t, MAX_PATIENTS_PER_DOCTOR - 1, 'patient', 'Crowd');
    await insertLinksDirectly(
      t,
      patients.map((p) => [p, s.linkedDoctor.id]),
    );
    const over = await callAs(t, s.otherPatient, 'POST', '/api/v1/care-links', {
      doctorId: s.linkedDoctor.id,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'doctor_full' });
    expect(
      await t.db.kysely
        .selectFrom('care_links')
        .select('id')
        .where('patient_id', '=', s.otherPatient.id)
        .execute(),
    ).toEqual([]);
    const page = await callAs(t, s.linkedDoctor, 'GET', '/api/v1/patients?limit=100');
    expect(page.statusCode).toBe(200);
    expect(page.json<{ patients: unknown[] }>().patients).toHaveLength(100);
  }, 60_000);
});
