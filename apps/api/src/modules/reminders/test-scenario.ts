import type { Medication, NotificationList, NotificationSettings } from '@tend/shared';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { callAs, createAccount, type TestAccount } from '../../../test/accounts.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { confirmEmail } from '../recovery/account-tokens-repo.ts';
import type { Dialect } from '../../db/database.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Saturday 27 March 2027, 07:00 in Berlin (CET): the night before Europe moves its clocks. */
export const SATURDAY_MORNING = '2027-03-27T06:00:00.000Z';

export interface ReminderScenario {
  t: TestApp;
  smtp: TestSmtpServer;
  setNow(iso: string): void;
  /** A patient in Berlin, another patient, a doctor, another doctor. */
  patient: TestAccount;
  otherPatient: TestAccount;
  doctor: TestAccount;
  otherDoctor: TestAccount;
  call(
    who: TestAccount | null,
    method: Method,
    url: string,
    payload?: object,
  ): ReturnType<typeof callAs>;
  addMedication(fields?: Partial<Medication>): Promise<Medication>;
  saveSettings(who: TestAccount, settings: Partial<NotificationSettings>): Promise<void>;
  notifications(who: TestAccount): Promise<NotificationList>;
  /** Runs every job due now, as a runner's poll would. */
  runDue(): Promise<number>;
  callers(): Array<[string, TestAccount | null]>;
  close(): Promise<void>;
}

export async function reminderScenario(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<ReminderScenario> {
  let now = new Date(SATURDAY_MORNING);
  const smtp = await startSmtpServer();
  const t = await createTestApp(
    dialect,
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tend <tend@example.org>',
      PUBLIC_URL: 'https://tend.example.org',
      ...env,
    },
    { clock: () => now },
  );
  const patient = await createAccount(t, 'patient', { firstname: 'Zoë' });
  const otherPatient = await createAccount(t, 'patient');
  const doctor = await createAccount(t, 'doctor', { firstname: 'Ана' });
  const otherDoctor = await createAccount(t, 'doctor');
  // Reminder emails go only to confirmed addresses: everyone here has confirmed theirs, and the
  // sign-ups' confirmation emails are sent and set aside before the tests count what arrives.
  for (const person of [patient, otherPatient, doctor, otherDoctor]) {
    await confirmEmail(t.db.kysely, person.id, person.email, now);
  }
  while ((await t.app.jobs.runDue()) > 0);
  await smtp.waitFor(4);
  smtp.received.length = 0;
  const call: ReminderScenario['call'] = (who, method, url, payload) =>
    callAs(t, who, method, url, payload);
  const expect200 = async (res: Awaited<ReturnType<typeof callAs>>, status = 200) => {
    if (res.statusCode !== status)
      throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res;
  };
  await expect200(await call(patient, 'PATCH', '/api/v1/me/update', { timezone: 'Europe/Berlin' }));
  return {
    t,
    smtp,
    setNow: (iso) => {
      now = new Date(iso);
    },
    patient,
    otherPatient,
    doctor,
    otherDoctor,
    call,
    async addMedication(fields = {}) {
      const res = await expect200(
        await call(patient, 'POST', '/api/v1/medications', {
          name: 'Metoprolol',
          dosage: '1 tablet, 50 mg',
          startdate: '2027-03-01',
          enddate: null,
          timefrequency: 'day',
          ...fields,
        }),
        201,
      );
      return res.json<Medication>();
    },
    async saveSettings(who, settings) {
      const current = (
        await expect200(await call(who, 'GET', '/api/v1/me/notification-settings'))
      ).json<NotificationSettings>();
      await expect200(
        await call(who, 'PUT', '/api/v1/me/notification-settings', { ...current, ...settings }),
      );
    },
    async notifications(who) {
      return (
        await expect200(await call(who, 'GET', '/api/v1/notifications'))
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
