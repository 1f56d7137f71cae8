import type { NotificationList } from '@tend/shared';
import { describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts.ts';
import { testDialects } from '../../../test/helper.ts';
import { FIRST_SLOT, appointmentScenario } from '../../../test/appointment-scenario.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

/** Tuesday 23 March 2027, 09:00 in Berlin: far enough from the scenario's Sunday noon for both reminders. */
const TUESDAY_SLOT = '2027-03-23T08:00:00.000Z';

describe.each(testDialects())('visit reminders on %s', (dialect) => {
  const s = freshForEachTest(() => appointmentScenario(dialect));

  const visitReminders = async (who: TestAccount) =>
    (await s.call(who, 'GET', '/api/v1/notifications'))
      .json<NotificationList>()
      .notifications.filter((n) => n.kind === 'visit_reminder');
  const pendingRuns = async () =>
    (
      await s.t.db.kysely
        .selectFrom('jobs')
        .select('run_at')
        .where('kind', '=', 'visit_reminder')
        .where('state', '=', 'pending')
        .orderBy('run_at')
        .execute()
    ).map((j) => j.run_at);
  const accept = async (id: string) =>
    expect((await s.call(s.doctor, 'POST', `/api/v1/appointments/${id}/accept`)).statusCode).toBe(
      200,
    );

  it('reminds both sides a day before an accepted online visit with its join link; cancelling drops the rest', async () => {
    const visit = await s.book(TUESDAY_SLOT, s.patient, 'online');
    expect(await pendingRuns()).toEqual([]); // only requested so far
    await accept(visit._id);
    expect(await pendingRuns()).toEqual([
      '2027-03-22T08:00:00.000Z',
      '2027-03-23T07:00:00.000Z',
      '2027-03-23T07:50:00.000Z',
    ]);

    s.setNow('2027-03-22T08:00:05.000Z');
    await s.t.app.jobs.runDue();
    const [forPatient] = await visitReminders(s.patient);
    const [forDoctor] = await visitReminders(s.doctor);
    expect(forPatient?.title).toBe('Appointment tomorrow');
    expect(forPatient?.body).toMatch(/^With Dr\. Ана .* at 2027-03-23 \d\d:00 \(.+\)\. Online/);
    expect(forPatient?.link).toMatch(/^\/visit\/[A-Za-z0-9_-]{22}$/);
    expect(forDoctor?.link).toBe(forPatient?.link);
    expect(forDoctor?.body).toMatch(/^With Zoë /);
    expect(forPatient?.reminder).toBeNull();

    const cancelled = await s.call(s.patient, 'POST', `/api/v1/appointments/${visit._id}/cancel`, {
      reason: 'Feeling better',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await pendingRuns()).toEqual([]);
    s.setNow('2027-03-23T07:00:05.000Z');
    await s.t.app.jobs.runDue();
    expect(await visitReminders(s.patient)).toHaveLength(1);
  });

  it('tells both sides as an online visit’s room opens, linking straight into it', async () => {
    const visit = await s.book(TUESDAY_SLOT, s.patient, 'online');
    await accept(visit._id);
    s.setNow('2027-03-23T07:50:05.000Z');
    await s.t.app.jobs.runDue();
    const roomOpen = async (who: TestAccount) =>
      (await visitReminders(who)).find((n) => n.title === 'Your video visit is open');
    const forPatient = await roomOpen(s.patient);
    const forDoctor = await roomOpen(s.doctor);
    expect(forPatient?.body).toMatch(
      /The video room is open now; this link takes you straight in\.$/,
    );
    const room = await s.call(s.patient, 'GET', `/api/v1/appointments/${visit._id}/visit`);
    expect(room.statusCode).toBe(200);
    expect(forPatient?.link).toBe(`/visit/${room.json<{ roomid: string }>().roomid}`);
    expect(forDoctor?.link).toBe(forPatient?.link);
  });

  it('an online visit accepted after its room opened tells both at once', async () => {
    s.setNow('2027-03-22T07:52:00.000Z');
    const visit = await s.book('2027-03-22T08:30:00.000Z', s.patient, 'online');
    s.setNow('2027-03-22T08:25:00.000Z');
    await accept(visit._id);
    expect(await pendingRuns()).toEqual(['2027-03-22T08:25:00.000Z']);
    await s.t.app.jobs.runDue();
    expect((await visitReminders(s.doctor)).map((n) => n.title)).toEqual([
      'Your video visit is open',
    ]);
  });

  it('an hour before an in-person visit says where; one accepted within the day gets only that one', async () => {
    const visit = await s.book(FIRST_SLOT); // Monday 09:00 Berlin, 20 hours after "now"
    await accept(visit._id);
    expect(await pendingRuns()).toEqual(['2027-03-22T07:00:00.000Z']);
    s.setNow('2027-03-22T07:00:05.000Z');
    await s.t.app.jobs.runDue();
    const [forPatient] = await visitReminders(s.patient);
    expect(forPatient).toMatchObject({
      title: 'Appointment in 1 hour',
      link: '/patient/book-an-appointment',
    });
    expect(forPatient?.body).toContain('In person at Unter den Linden 1, Berlin.');
    expect((await visitReminders(s.doctor))[0]?.link).toBe('/doctor/appointments');
  });
});
