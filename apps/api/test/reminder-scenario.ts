import type { Medication, NotificationList, NotificationSettings } from '@tend/shared';
import type { TestAccount } from './accounts.ts';
import { peopleScenario, type PeopleScenario } from './people-scenario.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { confirmEmail } from '../src/modules/recovery/account-tokens-repo.ts';
import type { Dialect } from '../src/db/database.ts';

/** Saturday 27 March 2027, 07:00 in Berlin (CET): the night before Europe moves its clocks. */
export const SATURDAY_MORNING = '2027-03-27T06:00:00.000Z';

/** The patient lives in Berlin. */
export interface ReminderScenario extends PeopleScenario {
  smtp: TestSmtpServer;
  addMedication(fields?: Partial<Medication>): Promise<Medication>;
  saveSettings(who: TestAccount, settings: Partial<NotificationSettings>): Promise<void>;
  notifications(who: TestAccount): Promise<NotificationList>;
  /** Runs every job due now, as a runner's poll would. */
  runDue(): Promise<number>;
  /** The five callers, named as the reminders' tables name them (the owner, a doctor). */
  callers(): Array<[string, TestAccount | null]>;
  close(): Promise<void>;
}

export async function reminderScenario(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<ReminderScenario> {
  const smtp = await startSmtpServer();
  const s = await peopleScenario(dialect, SATURDAY_MORNING, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Tend <tend@example.org>',
    PUBLIC_URL: 'https://tend.example.org',
    ...env,
  });
  const { t, patient, otherPatient, doctor, otherDoctor } = s;
  // Reminder emails go only to confirmed addresses: everyone here has confirmed theirs, and the
  // sign-ups' confirmation emails are sent and set aside before the tests count what arrives.
  for (const person of [patient, otherPatient, doctor, otherDoctor]) {
    await confirmEmail(t.db.kysely, person.id, person.email, new Date(SATURDAY_MORNING));
  }
  while ((await t.app.jobs.runDue()) > 0);
  await smtp.waitFor(4);
  smtp.received.length = 0;
  await s.callExpecting(200, patient, 'PATCH', '/api/v1/me/update', { timezone: 'Europe/Berlin' });
  return {
    ...s,
    smtp,
    async addMedication(fields = {}) {
      const res = await s.callExpecting(201, patient, 'POST', '/api/v1/medications', {
        name: 'Metoprolol',
        dosage: '1 tablet, 50 mg',
        startdate: '2027-03-01',
        enddate: null,
        timefrequency: 'day',
        ...fields,
      });
      return res.json<Medication>();
    },
    async saveSettings(who, settings) {
      const current = (
        await s.callExpecting(200, who, 'GET', '/api/v1/me/notification-settings')
      ).json<NotificationSettings>();
      await s.callExpecting(200, who, 'PUT', '/api/v1/me/notification-settings', {
        ...current,
        ...settings,
      });
    },
    async notifications(who) {
      return (
        await s.callExpecting(200, who, 'GET', '/api/v1/notifications')
      ).json<NotificationList>();
    },
    runDue: () => t.app.jobs.runDue(),
    callers: () => [
      ['anonymous', null],
      ['the owner', patient],
      ['another patient', otherPatient],
      ['a doctor', doctor],
      ['another doctor', otherDoctor],
    ],
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
