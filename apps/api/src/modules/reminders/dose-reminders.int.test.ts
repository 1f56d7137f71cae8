import type { Medication, Notification } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { testDialects } from '../../../test/helper.ts';
import type { Database } from '../../db/schema.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { upsertDose } from '../medications/repo.ts';
import { reminderScenario } from '../../../test/reminder-scenario.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

/** Until some transaction of this database waits for a lock another holds (5 s at most). */
async function waitForLockWaiter(db: Kysely<Database>) {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nothing waited for a lock within 5 s');
}

describe.each(testDialects())('dose reminders on %s', (dialect) => {
  const s = freshForEachTest(() => reminderScenario(dialect));

  const doseReminders = async () =>
    (await s.notifications(s.patient)).notifications.filter((n) => n.kind === 'dose_reminder');
  const pendingJobs = () =>
    s.t.db.kysely
      .selectFrom('jobs')
      .select(['key', 'run_at', 'state'])
      .where('kind', '=', 'dose_reminder')
      .orderBy('run_at')
      .execute();
  const act = (token: string, action: 'taken' | 'snooze') =>
    s.t.app.inject({ method: 'POST', url: `/api/v1/reminders/${token}/${action}` });
  const medication = async (id: string) =>
    (await s.call(s.patient, 'GET', `/api/v1/medications/${id}`)).json<Medication>();

  it('reminds at 09:00 in Berlin in-app and by email, follows up once two hours later, and queues the next day across the clock change', async () => {
    await s.saveSettings(s.patient, { email: true });
    const med = await s.addMedication();
    expect((await pendingJobs()).map((j) => [j.key, j.run_at])).toEqual([
      [`dose:${med._id}:2027-03-27`, '2027-03-27T08:00:00.000Z'],
      [`dose:${med._id}:2027-03-28`, '2027-03-28T07:00:00.000Z'], // 09:00 CEST
    ]);

    s.setNow('2027-03-27T07:59:00.000Z');
    await s.runDue();
    expect(await doseReminders()).toEqual([]);
    s.setNow('2027-03-27T08:00:20.000Z');
    await s.runDue();
    const [first] = await doseReminders();
    expect(first).toMatchObject({
      title: 'Time for Metoprolol (day dose)',
      link: '/patient',
      readat: null,
    });
    expect(first?.body).toContain('Dosage: 1 tablet, 50 mg');
    expect(first?.reminder?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await s.runDue(); // the email job
    // Other mail (an address confirmation) may have gone out too; this is the reminder's.
    const mail = s.smtp.received.find((m) => m.parsed.subject?.startsWith('Time for'));
    expect(mail?.to).toEqual([s.patient.email]);
    expect(mail?.parsed.subject).toBe(
      'Time for Metoprolol (day dose) — 2027-03-27 09:00 (Europe/Berlin)',
    );
    expect(mail?.parsed.text).toContain('Dosage: 1 tablet, 50 mg');
    expect(mail?.parsed.text).toContain('https://tend.example.org/patient');
    expect(mail?.parsed.html).toContain('href="https://tend.example.org/patient"');

    s.setNow('2027-03-27T10:00:30.000Z');
    await s.runDue();
    s.setNow('2027-03-27T13:00:00.000Z');
    await s.runDue();
    const titles = (await doseReminders()).map((n) => n.title);
    expect(titles).toEqual([
      'Still to take: Metoprolol (day dose)',
      'Time for Metoprolol (day dose)',
    ]);
  });

  it('“Taken” from the reminder ticks the dose without a session, once; then nothing follows and the token expires with the day', async () => {
    const med = await s.addMedication({ timefrequency: 'afternoon', dosage: null });
    s.setNow('2027-03-27T13:00:10.000Z'); // 14:00 in Berlin
    await s.runDue();
    const [reminder] = await doseReminders();
    const token = reminder?.reminder?.token ?? '';
    expect(reminder?.body).toBe('Tick it off on today’s checklist once taken.');

    const res = await act(token, 'taken');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ taken: true });
    expect((await act(token, 'taken')).statusCode).toBe(200);
    expect((await medication(med._id)).taken).toBe(true);
    expect((await doseReminders())[0]?.reminder).toBeNull();
    // Snoozing a ticked dose has nothing to snooze.
    expect((await act(token, 'snooze')).json()).toMatchObject({ error: { code: 'already_taken' } });

    s.setNow('2027-03-27T15:30:00.000Z');
    await s.runDue();
    expect(await doseReminders()).toHaveLength(1); // no follow-up for a ticked dose

    s.setNow('2027-03-27T23:00:00.000Z'); // midnight in Berlin: the day is over
    const expired = await act(token, 'taken');
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ error: { code: 'reminder_not_found' } });
  });

  it('no reminder for a dose ticked before its time, and none for a medication deleted', async () => {
    const ticked = await s.addMedication({ name: 'Ticked early' });
    const deleted = await s.addMedication({ name: 'Deleted' });
    expect(
      (await s.call(s.patient, 'PATCH', `/api/v1/medications/${ticked._id}`, { taken: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await s.call(s.patient, 'DELETE', `/api/v1/medications/${deleted._id}`)).statusCode,
    ).toBe(204);
    expect((await pendingJobs()).map((j) => j.key)).toEqual([`dose:${ticked._id}:2027-03-28`]);
    s.setNow('2027-03-27T08:00:10.000Z');
    await s.runDue();
    expect(await doseReminders()).toEqual([]);
  });

  // PostgreSQL runs the reminder and the tick side by side (SQLite writes one at a time): the reminder
  // waits for the patient's row, which the tick holds, and then sees the dose.
  it.runIf(dialect === 'postgres')(
    'a reminder falling due while its dose is being ticked waits for the tick and is not sent',
    async () => {
      const med = await s.addMedication();
      s.setNow('2027-03-27T08:00:10.000Z');
      let reminderRun: Promise<number> | undefined;
      await s.t.db.kysely.transaction().execute(async (trx) => {
        await lockPerson(trx, 'postgres', s.patient.id);
        await upsertDose(trx, med._id, '2027-03-27', true, new Date('2027-03-27T08:00:10.000Z'));
        reminderRun = s.runDue();
        await waitForLockWaiter(s.t.db.kysely);
      });
      await reminderRun;
      expect(await doseReminders()).toEqual([]);
      expect((await medication(med._id)).taken).toBe(true);
    },
  );

  it('snooze brings the reminder back in 30 minutes; unknown tokens are 404 in words', async () => {
    await s.addMedication();
    s.setNow('2027-03-27T08:00:10.000Z');
    await s.runDue();
    const token = (await doseReminders())[0]?.reminder?.token ?? '';
    s.setNow('2027-03-27T08:05:10.000Z');
    const res = await act(token, 'snooze');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ snoozeduntil: '2027-03-27T08:35:00.000Z' });
    s.setNow('2027-03-27T08:34:00.000Z');
    await s.runDue();
    expect(await doseReminders()).toHaveLength(1);
    s.setNow('2027-03-27T08:35:05.000Z');
    await s.runDue();
    const reminders = await doseReminders();
    expect(reminders).toHaveLength(2);
    expect(reminders[0]?.reminder?.token).not.toBe(token);

    const unknown = await act('A'.repeat(43), 'snooze');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { message: string } }>().error.message).toMatch(
      /expired or does not exist/,
    );
    expect((await act('not a token!', 'taken')).statusCode).toBe(400);
  });

  it('moving the reminder time re-plans today’s unsent reminder; a time already past drops it', async () => {
    const day = await s.addMedication();
    const afternoon = await s.addMedication({ name: 'Afternoon pill', timefrequency: 'afternoon' });
    await s.saveSettings(s.patient, {
      remindertimes: { day: '07:01', afternoon: '06:30', night: '21:00' },
    });
    const planned = (await pendingJobs()).map((j) => [j.key, j.run_at]);
    expect(planned).toEqual([
      [`dose:${day._id}:2027-03-27`, '2027-03-27T06:01:00.000Z'],
      [`dose:${afternoon._id}:2027-03-28`, '2027-03-28T04:30:00.000Z'],
      [`dose:${day._id}:2027-03-28`, '2027-03-28T05:01:00.000Z'],
    ]);
    s.setNow('2027-03-27T06:01:05.000Z');
    await s.runDue();
    expect((await doseReminders()).map((n) => n.title)).toEqual(['Time for Metoprolol (day dose)']);
  });

  it('a reminder due while Tend was down goes out when it is back, unless over an hour late', async () => {
    await s.addMedication({ name: 'Late but fine' });
    await s.addMedication({ name: 'Too late', timefrequency: 'night' });
    s.setNow('2027-03-27T08:40:00.000Z'); // 40 minutes late for the day dose
    await s.runDue();
    expect((await doseReminders()).map((n: Notification) => n.title)).toEqual([
      'Time for Late but fine (day dose)',
    ]);
    s.setNow('2027-03-27T21:30:00.000Z'); // 21:00 Berlin night dose is 20:00Z: 90 minutes late
    await s.runDue();
    const titles = (await doseReminders()).map((n) => n.title);
    expect(titles).not.toContain('Time for Too late (night dose)');
  });
});
