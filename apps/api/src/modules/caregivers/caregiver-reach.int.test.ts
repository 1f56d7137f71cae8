import { addDays, type Medication, type Notification } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/accounts.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';
import { testDialects } from '../../../test/helper.ts';
import { pharmacyScenario } from '../../../test/prescription-scenario.ts';

// The prescription scenario: the patient (renamed Maria Silva) lives in Berlin; it is Wednesday
// 10 March 2027, 13:00 there. Ana cares for her prescriptions, Luis for her medications and doses.
describe.each(testDialects())('what caregivers are told and shown live, on %s', (dialect) => {
  const s = freshForEachTest(async () => {
    const scenario = await pharmacyScenario(dialect);
    const { s: p } = scenario;
    await p.callExpecting(200, p.patient, 'PATCH', '/api/v1/me/update', {
      firstname: 'Maria',
      lastname: 'Silva',
    });
    const luis = await createAccount(p.t, 'patient', { firstname: 'Luis' });
    const pedro = await createAccount(p.t, 'patient', { firstname: 'Pedro' });
    return { ...scenario, t: p.t, close: () => p.t.close(), luis, pedro };
  });

  async function caring(carer: TestAccount, areas: string[]): Promise<string> {
    const invited = await s.s.callExpecting(201, s.s.patient, 'POST', '/api/v1/caregivers', {
      email: carer.email,
      areas,
    });
    const id = invited.json<{ _id: string }>()._id;
    await s.s.callExpecting(200, carer, 'POST', `/api/v1/caregivers/${id}/accept`, {});
    return id;
  }

  /** What a caregiver was told about the person they care for (the relation's own notices aside). */
  const toldOf = async (who: TestAccount): Promise<Notification[]> =>
    (await s.s.callExpecting(200, who, 'GET', '/api/v1/notifications'))
      .json<{ notifications: Notification[] }>()
      .notifications.filter((n) => n.kind === 'caregiver' && n.link.includes('?patientId='));

  const doseEvents = async () =>
    (
      await s.t.db.kysely
        .selectFrom('events')
        .select(['user_id', 'data'])
        .where('type', '=', 'dose')
        .orderBy('id')
        .execute()
    ).map((e) => ({ userId: e.user_id, data: JSON.parse(e.data) as unknown }));

  it('a dose ticked by a caregiver, or by the patient, reaches the patient, every caregiver with medications and the doctor she shares with, live', async () => {
    const { patient, otherPatient: ana } = s.s;
    await caring(ana, ['prescriptions']);
    await caring(s.luis, ['medications', 'doses']);
    await caring(s.pedro, ['medications']);
    const added = await s.s.callExpecting(201, patient, 'POST', '/api/v1/medications', {
      name: 'Metoprolol',
      startdate: '2027-03-01',
      timefrequency: 'day',
    });
    const med = added.json<Medication>();
    await s.s.callExpecting(
      200,
      s.luis,
      'PUT',
      `/api/v1/medications/${med._id}/doses/2027-03-09?patientId=${patient.id}`,
      { taken: false },
    );
    // The patient's own tick of today, from the checklist.
    await s.s.callExpecting(200, patient, 'PATCH', `/api/v1/medications/${med._id}`, {
      taken: true,
    });
    const events = await doseEvents();
    const ticked = {
      patientId: patient.id,
      medicationId: med._id,
      date: '2027-03-10',
      taken: true,
    };
    const unticked = { ...ticked, date: '2027-03-09', taken: false };
    const reached = (data: object) =>
      events
        .filter((e) => JSON.stringify(e.data) === JSON.stringify(data))
        .map((e) => e.userId)
        .sort();
    const everyone = [patient.id, s.luis.id, s.pedro.id, s.s.doctor.id].sort();
    expect(reached(ticked)).toEqual(everyone);
    expect(reached(unticked)).toEqual(everyone);
    expect(events.map((e) => e.userId)).not.toContain(ana.id);
    expect(events.map((e) => e.userId)).not.toContain(s.s.otherDoctor.id);
  });

  it('a patient nobody helps with medications nor shares with gets no dose event (their tab shows the tick already)', async () => {
    const { patient, otherPatient: ana } = s.s;
    await caring(ana, ['prescriptions']);
    const links = await s.s.callExpecting(200, patient, 'GET', '/api/v1/care-links');
    for (const link of links.json<{ careLinks: { _id: string }[] }>().careLinks) {
      await s.s.callExpecting(204, patient, 'DELETE', `/api/v1/care-links/${link._id}`);
    }
    const added = await s.s.callExpecting(201, patient, 'POST', '/api/v1/medications', {
      name: 'Metoprolol',
      startdate: '2027-03-01',
      timefrequency: 'day',
    });
    await s.s.callExpecting(
      200,
      patient,
      'PATCH',
      `/api/v1/medications/${added.json<Medication>()._id}`,
      {
        taken: true,
      },
    );
    expect(await doseEvents()).toEqual([]);
  });

  it('a fill ready and dispensed, and the running-out reminder, reach a caregiver with prescriptions and no other', async () => {
    const { patient, otherPatient: ana } = s.s;
    await s.s.callExpecting(200, ana, 'PATCH', '/api/v1/me/update', { language: 'es' });
    await caring(ana, ['prescriptions']);
    await caring(s.luis, ['medications']);
    const p = await s.s.prescribe();
    await s.s.callExpecting(200, patient, 'POST', `/api/v1/prescriptions/${p._id}/send`, {
      pharmacyId: s.pharmacy.id,
    });
    await s.s.dispense(s.pharmacy, p._id);
    const fillNotices = await toldOf(ana);
    expect(fillNotices.map((n) => [n.title, n.body, n.link])).toEqual([
      [
        'La receta de Maria Silva se ha dispensado',
        'Álamo Pharmacy entregó Metformin (Primera dispensación) de Maria Silva. Ya está en su lista de medicamentos.',
        `/patient/prescriptions?patientId=${patient.id}`,
      ],
      [
        'La receta de Maria Silva está lista para recoger',
        'Ya se puede recoger Metformin (Primera dispensación) de Maria Silva en Álamo Pharmacy.',
        `/patient/prescriptions?patientId=${patient.id}`,
      ],
    ]);
    expect(await toldOf(s.luis)).toEqual([]);

    // As in run-out-reminders.int.test.ts: every dose ticked to 31 March, the reminder on 1 April.
    s.s.setNow('2027-04-01T07:00:00.000Z');
    const list = await s.s.medications();
    for (const medication of list) {
      const from = medication.timefrequency === 'night' ? '2027-03-10' : '2027-03-11';
      for (let day = from; day <= '2027-03-31'; day = addDays(day, 1)) {
        await s.s.callExpecting(
          200,
          patient,
          'PUT',
          `/api/v1/medications/${medication._id}/doses/${day}`,
          { taken: true },
        );
      }
    }
    s.s.setNow('2027-04-01T07:00:05.000Z');
    while ((await s.t.app.jobs.runDue()) > 0);
    const [runOut, ...others] = await toldOf(ana);
    expect(others).toHaveLength(2);
    expect(runOut).toMatchObject({
      title: 'Metformin de Maria Silva se acaba pronto',
      link: `/patient/prescriptions?patientId=${patient.id}`,
    });
    expect(runOut?.body).toMatch(/^El suministro de Maria Silva dura hasta el jueves, 8 de abril/);
    expect(await toldOf(s.luis)).toEqual([]);
  });
});
