import type { Medication, Notification } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import { callAs, createAccount, type TestAccount } from '../../../test/accounts.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';
import { testDialects } from '../../../test/helper.ts';
import { createTwoInstances } from '../../../test/instances.ts';
import { reminderScenario, SATURDAY_MORNING } from '../../../test/reminder-scenario.ts';
import { planJob } from '../../jobs/enqueue.ts';
import { confirmEmail } from '../recovery/account-tokens-repo.ts';
import { MISSED_DOSE_JOB, missedDoseKey } from '../reminders/missed-doses.ts';

// The patient, Maria Silva, lives in Madrid; it is Saturday 27 March 2027, 07:00 there (CET), the
// night before Europe moves its clocks: her 09:00 day dose is 08:00 UTC today, 07:00 UTC tomorrow.
describe.each(testDialects())('missed-dose alerts to caregivers on %s', (dialect) => {
  const s = freshForEachTest(async () => {
    const scenario = await reminderScenario(dialect);
    const { patient, otherPatient: ana } = scenario;
    await scenario.callExpecting(200, patient, 'PATCH', '/api/v1/me/update', {
      firstname: 'Maria',
      lastname: 'Silva',
      timezone: 'Europe/Madrid',
    });
    // Ana, her daughter, lives in New York and reads Spanish.
    await scenario.callExpecting(200, ana, 'PATCH', '/api/v1/me/update', {
      firstname: 'Ana',
      timezone: 'America/New_York',
      language: 'es',
    });
    return scenario;
  });

  /** A second caregiver, Luis, in Madrid, in English, his address confirmed. */
  async function luis(): Promise<TestAccount> {
    const account = await createAccount(s.t, 'patient', { firstname: 'Luis' });
    await s.callExpecting(200, account, 'PATCH', '/api/v1/me/update', {
      timezone: 'Europe/Madrid',
    });
    await confirmEmail(s.t.db.kysely, account.id, account.email, new Date(SATURDAY_MORNING));
    return account;
  }

  /** The patient invites `carer` with these areas and alerts; `carer` accepts. */
  async function caring(
    carer: TestAccount,
    areas: string[] = ['medications'],
    alerts = { misseddoses: true, delayminutes: 60 },
  ): Promise<string> {
    const invited = await s.callExpecting(201, s.patient, 'POST', '/api/v1/caregivers', {
      email: carer.email,
      areas,
      alerts,
    });
    const id = invited.json<{ _id: string }>()._id;
    await s.callExpecting(200, carer, 'POST', `/api/v1/caregivers/${id}/accept`, {});
    return id;
  }

  /** The missed-dose alerts a person holds: the caregiver notices that open the patient's checklist. */
  const alertsOf = async (who: TestAccount): Promise<Notification[]> =>
    (await s.notifications(who)).notifications.filter(
      (n) => n.kind === 'caregiver' && n.link.startsWith('/patient?patientId='),
    );
  const at = async (iso: string) => {
    s.setNow(iso);
    while ((await s.runDue()) > 0);
  };
  const pendingAlerts = async () =>
    (
      await s.t.db.kysely
        .selectFrom('jobs')
        .select(['key', 'run_at'])
        .where('kind', '=', MISSED_DOSE_JOB)
        .where('state', '=', 'pending')
        .orderBy('run_at')
        .orderBy('key')
        .execute()
    ).map((j) => [j.key, j.run_at]);

  it('tells each caregiver once, at the dose time plus their delay, the time in their zone and language; the patient hears nothing of it', async () => {
    const ana = s.otherPatient;
    const luisAccount = await luis();
    await s.saveSettings(luisAccount, { email: true });
    await caring(ana);
    await caring(luisAccount, ['medications', 'doses'], { misseddoses: true, delayminutes: 30 });
    await s.addMedication();

    await at('2027-03-27T08:29:50.000Z');
    expect(await alertsOf(luisAccount)).toEqual([]);
    await at('2027-03-27T08:30:05.000Z');
    const [toLuis, ...moreToLuis] = await alertsOf(luisAccount);
    expect(moreToLuis).toEqual([]);
    expect(toLuis).toMatchObject({
      title: 'Maria Silva has not taken Metoprolol',
      body: "The 09:00 dose of Metoprolol is not ticked yet on Maria Silva's checklist.",
      link: `/patient?patientId=${s.patient.id}`,
    });
    // Live to Luis's open pages, as every notification is.
    const live = await s.t.db.kysely
      .selectFrom('events')
      .select('data')
      .where('user_id', '=', luisAccount.id)
      .where('type', '=', 'notification')
      .execute();
    expect(live.filter((e) => e.data.includes('has not taken Metoprolol'))).toHaveLength(1);
    const mail = s.smtp.received.find((m) => m.parsed.subject?.includes('has not taken'));
    expect(mail?.to).toEqual([luisAccount.email]);
    expect(await alertsOf(ana)).toEqual([]);

    await at('2027-03-27T09:00:05.000Z');
    const [toAna, ...moreToAna] = await alertsOf(ana);
    expect(moreToAna).toEqual([]);
    // 08:00 UTC is 04:00 in New York (EDT since 14 March).
    expect(toAna).toMatchObject({
      title: 'Maria Silva no ha tomado Metoprolol',
      body: 'La dosis de las 04:00 de Metoprolol aún no está marcada en la lista de Maria Silva.',
    });

    await at('2027-03-27T11:00:00.000Z');
    expect(await alertsOf(ana)).toHaveLength(1);
    expect(await alertsOf(luisAccount)).toHaveLength(1);
    expect(await alertsOf(s.patient)).toEqual([]);
    const claimed = await s.t.db.kysely.selectFrom('missed_dose_alerts').selectAll().execute();
    expect(claimed).toHaveLength(2);
  });

  it('sends nothing for a dose ticked before the delay ran out, by the patient or a caregiver', async () => {
    const ana = s.otherPatient;
    await caring(ana, ['medications', 'doses']);
    const mine = await s.addMedication({ name: 'Ticked by Maria' });
    const hers = await s.addMedication({ name: 'Ticked by Ana' });
    s.setNow('2027-03-27T08:45:00.000Z');
    await s.callExpecting(200, s.patient, 'PATCH', `/api/v1/medications/${mine._id}`, {
      taken: true,
    });
    await s.callExpecting(
      200,
      ana,
      'PUT',
      `/api/v1/medications/${hers._id}/doses/2027-03-27?patientId=${s.patient.id}`,
      { taken: true },
    );
    await at('2027-03-27T09:00:05.000Z');
    expect(await alertsOf(ana)).toEqual([]);
    expect(await s.t.db.kysely.selectFrom('missed_dose_alerts').selectAll().execute()).toEqual([]);
  });

  it('follows the clock change in the patient’s zone: 09:00 is 08:00 UTC on Saturday and 07:00 UTC on Sunday', async () => {
    const luisAccount = await luis();
    const link = await caring(luisAccount);
    const med: Medication = await s.addMedication();
    expect(await pendingAlerts()).toEqual([
      [missedDoseKey(link, med._id, '2027-03-27'), '2027-03-27T09:00:00.000Z'],
      [missedDoseKey(link, med._id, '2027-03-28'), '2027-03-28T08:00:00.000Z'],
    ]);
    await at('2027-03-27T09:00:05.000Z');
    await at('2027-03-28T07:59:00.000Z');
    expect(await alertsOf(luisAccount)).toHaveLength(1);
    await at('2027-03-28T08:00:05.000Z');
    const alerts = await alertsOf(luisAccount);
    expect(alerts).toHaveLength(2);
    // Luis is in Madrid too: 07:00 UTC on Sunday is 09:00 there (CEST).
    expect(alerts.map((n) => n.body)).toEqual([
      "The 09:00 dose of Metoprolol is not ticked yet on Maria Silva's checklist.",
      "The 09:00 dose of Metoprolol is not ticked yet on Maria Silva's checklist.",
    ]);
  });

  it('plans the rest of the day at once: a medication added at 08:55 for 09:00 alerts at 10:00, and moved reminder times move it', async () => {
    const luisAccount = await luis();
    const link = await caring(luisAccount);
    s.setNow('2027-03-27T07:55:00.000Z'); // 08:55 in Madrid
    const med = await s.addMedication();
    const [today] = await pendingAlerts();
    expect(today).toEqual([missedDoseKey(link, med._id, '2027-03-27'), '2027-03-27T09:00:00.000Z']);
    await at('2027-03-27T08:59:55.000Z');
    expect(await alertsOf(luisAccount)).toEqual([]);
    await at('2027-03-27T09:00:05.000Z');
    expect(await alertsOf(luisAccount)).toHaveLength(1);

    // An afternoon medication, its time moved from 14:00 to 15:30: the alert goes at 16:30.
    const later = await s.addMedication({ name: 'Afternoon pill', timefrequency: 'afternoon' });
    await s.saveSettings(s.patient, {
      remindertimes: { day: '09:00', afternoon: '15:30', night: '21:00' },
    });
    expect(await pendingAlerts()).toContainEqual([
      missedDoseKey(link, later._id, '2027-03-27'),
      '2027-03-27T15:30:00.000Z',
    ]);
  });

  it('tells no one removed, without medications, or who turned alerts off', async () => {
    const ana = s.otherPatient;
    const luisAccount = await luis();
    const third = await luis();
    const anaLink = await caring(ana);
    const luisLink = await caring(luisAccount);
    const thirdLink = await caring(third);
    await s.addMedication();
    s.setNow('2027-03-27T08:30:00.000Z');
    await s.callExpecting(204, s.patient, 'DELETE', `/api/v1/caregivers/${anaLink}`);
    await s.callExpecting(200, s.patient, 'PATCH', `/api/v1/caregivers/${luisLink}`, {
      areas: ['appointments'],
    });
    await s.callExpecting(200, third, 'PATCH', `/api/v1/caregivers/${thirdLink}`, {
      alerts: { misseddoses: false },
    });
    await at('2027-03-27T09:00:05.000Z');
    expect(await alertsOf(ana)).toEqual([]);
    expect(await alertsOf(luisAccount)).toEqual([]);
    expect(await alertsOf(third)).toEqual([]);
  });
});

// SQLite is one process on one machine (README): several instances need PostgreSQL.
describe.skipIf(!testDialects().includes('postgres'))('missed-dose alerts, two instances', () => {
  it('one alert per caregiver and dose, however many jobs and instances look at once', async () => {
    const two = await createTwoInstances('postgres');
    try {
      const patient = await createAccount(two.a, 'patient');
      const carers = [await createAccount(two.a, 'patient'), await createAccount(two.b, 'patient')];
      const links: string[] = [];
      for (const carer of carers) {
        const invited = await callAs(two.a, patient, 'POST', '/api/v1/caregivers', {
          email: carer.email,
          areas: ['medications'],
          alerts: { misseddoses: true, delayminutes: 15 },
        });
        const id = invited.json<{ _id: string }>()._id;
        expect(
          (await callAs(two.b, carer, 'POST', `/api/v1/caregivers/${id}/accept`, {})).statusCode,
        ).toBe(200);
        links.push(id);
      }
      const ids: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        const res = await callAs(two.a, patient, 'POST', '/api/v1/medications', {
          name: `Medication ${i}`,
          startdate: '2020-01-01',
          enddate: null,
          timefrequency: 'night',
        });
        ids.push(res.json<Medication>()._id);
      }
      // Each alert due now twice over (as if planned twice under two keys): the claim decides.
      const now = new Date();
      const date = now.toISOString().slice(0, 10);
      await two.db.kysely.transaction().execute(async (trx) => {
        for (const linkId of links) {
          for (const medicationId of ids) {
            for (const copy of ['', ':again']) {
              await planJob(trx, {
                key: `${missedDoseKey(linkId, medicationId, date)}${copy}`,
                kind: MISSED_DOSE_JOB,
                runAt: now,
                payload: { linkId, medicationId, date },
                subject: medicationId,
              });
            }
          }
        }
      });
      await Promise.all([two.a.app.jobs.runDue(), two.b.app.jobs.runDue()]);
      for (const carer of carers) {
        const rows = await two.db.kysely
          .selectFrom('notifications')
          .select('title')
          .where('user_id', '=', carer.id)
          .where('kind', '=', 'caregiver')
          .where('link', 'like', '/patient?patientId=%')
          .execute();
        expect(rows).toHaveLength(20);
        expect(new Set(rows.map((r) => r.title)).size).toBe(20);
      }
      const claimed = await two.db.kysely.selectFrom('missed_dose_alerts').selectAll().execute();
      expect(claimed).toHaveLength(40);
    } finally {
      await two.close();
    }
  }, 60_000);
});
