import { addDays, type Medication, type NotificationList } from '@tend/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts.ts';
import { testDialects } from '../../../test/helper.ts';
import {
  pharmacyScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';
import { RUN_OUT_JOB } from './planner.ts';

// The scenario's patient lives in Berlin; the prescription (Metformin: 60 tablets, one at day and
// one at night) is dispensed on Wednesday 10 March 2027 at 13:00 there, after the 09:00 day dose
// and before the 21:00 night one. Each time of day gets 30 tablets: the night's last is 8 April,
// the day's 9 April; the earlier decides, so the reminder is due 1 April at 09:00 (CEST).
const REMINDER_DUE = '2027-04-01T07:00:00.000Z';

describe.each(testDialects())(
  'the "running out" reminder of a dispensed supply, on %s',
  (dialect) => {
    let s: PrescriptionScenario;
    let pharmacy: TestAccount;
    beforeEach(async () => ({ s, pharmacy } = await pharmacyScenario(dialect)));
    afterEach(() => s.t.close());

    async function dispensed(changes = {}) {
      const p = await s.prescribe(changes);
      await s.callExpecting(200, s.patient, 'POST', `/api/v1/prescriptions/${p._id}/send`, {
        pharmacyId: pharmacy.id,
      });
      await s.dispense(pharmacy, p._id);
      return p;
    }
    const pendingRunOuts = async () =>
      (
        await s.t.db.kysely
          .selectFrom('jobs')
          .select(['run_at', 'subject'])
          .where('kind', '=', RUN_OUT_JOB)
          .where('state', '=', 'pending')
          .orderBy('run_at')
          .execute()
      ).map((j) => [j.run_at, j.subject]);
    const runOutNotices = async () =>
      (await s.callExpecting(200, s.patient, 'GET', '/api/v1/notifications'))
        .json<NotificationList>()
        .notifications.filter((n) => n.title.endsWith('runs out soon'));
    /** Ticks each day's dose of a medication from `from` to `to`, as the patient would have. */
    async function tick(medication: Medication, from: string, to: string) {
      for (let day = from; day <= to; day = addDays(day, 1)) {
        await s.callExpecting(
          200,
          s.patient,
          'PUT',
          `/api/v1/medications/${medication._id}/doses/${day}`,
          {
            taken: true,
          },
        );
      }
    }

    it('is planned at dispensing for 7 days before the last dose, and then says what a refill does', async () => {
      const p = await dispensed();
      expect(await pendingRunOuts()).toEqual([[REMINDER_DUE, p._id]]);

      s.setNow(REMINDER_DUE);
      const list = await s.medications();
      const night = list.find((m) => m.timefrequency === 'night');
      const day = list.find((m) => m.timefrequency === 'day');
      if (!night || !day) throw new Error('dispensing put no day and night medication on the list');
      await tick(night, '2027-03-10', '2027-03-31');
      await tick(day, '2027-03-11', '2027-03-31');
      s.setNow('2027-04-01T07:00:05.000Z');
      await s.t.app.jobs.runDue();
      const [notice, ...more] = await runOutNotices();
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        kind: 'prescription',
        title: 'Metformin runs out soon',
        body: 'Your supply lasts until Thursday, 8 April 2027. Request a refill in Tend and your pharmacy prepares the next pack (2 refills left).',
        link: '/patient/prescriptions',
      });
    });

    it('waits while doses were missed: the pack lasts longer, so the reminder moves later', async () => {
      const p = await dispensed();
      s.setNow('2027-04-01T07:00:05.000Z');
      const list = await s.medications();
      // Every day dose ticked, but no night dose since 21 March: the night's pack lasts 11 days more.
      const night = list.find((m) => m.timefrequency === 'night');
      const day = list.find((m) => m.timefrequency === 'day');
      if (!night || !day) throw new Error('dispensing put no day and night medication on the list');
      await tick(night, '2027-03-10', '2027-03-20');
      await tick(day, '2027-03-11', '2027-03-31');
      await s.t.app.jobs.runDue();
      expect(await runOutNotices()).toEqual([]);
      // The day doses now run out first (9 April): a reminder on 2 April at 09:00.
      expect(await pendingRunOuts()).toEqual([['2027-04-02T07:00:00.000Z', p._id]]);

      // Taken on 1 April too, it goes on 2 April at the day dose's time, that dose not yet ticked.
      s.setNow('2027-04-02T07:00:05.000Z');
      await tick(day, '2027-04-01', '2027-04-01');
      await s.t.app.jobs.runDue();
      const [notice] = await runOutNotices();
      expect(notice?.body).toMatch(/^Your supply lasts until Friday, 9 April 2027\. /);
      expect(await pendingRunOuts()).toEqual([]);
    });

    it('is not planned for a course of two weeks or less (it was meant to end)', async () => {
      await dispensed({
        quantity: 10,
        refills: 0,
        dose: { amount: 1, unit: 'tablet', timesofday: ['day'] },
      });
      expect(await pendingRunOuts()).toEqual([]);
    });

    it('says nothing once a refill is already asked for', async () => {
      const p = await dispensed();
      s.setNow('2027-03-25T10:00:00.000Z');
      await s.callExpecting(200, s.patient, 'POST', `/api/v1/prescriptions/${p._id}/refill`);
      s.setNow('2027-04-01T07:00:05.000Z');
      await s.t.app.jobs.runDue();
      expect(await runOutNotices()).toEqual([]);
    });
  },
);
