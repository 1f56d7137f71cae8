import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { findRecipient } from '../notifications/repo.ts';
import { sendNoticeEmail } from '../notifications/reach.ts';
import { confirmEmail } from './account-tokens-repo.ts';
import { isEmailConfirmed } from './service.ts';

const content = {
  subject: 'Time for Metoprolol',
  lines: ['Your day dose of Metoprolol is due.'],
  url: 'https://tend.example.org/patient/daily-medication',
  linkText: 'Open today’s checklist',
};

describe.each(testDialects())('reminder emails and confirmed addresses on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const reminderJobs = async () =>
    (
      await t.db.kysely
        .selectFrom('jobs')
        .select('key')
        .where('key', 'like', 'email:reminder:%')
        .execute()
    ).length;

  it('queues a reminder email only for an address its owner confirmed, and not after it changes', async () => {
    const patient = await createAccount(t);
    const person = await findRecipient(t.db.kysely, patient.id);
    if (!person) throw new Error('no person');
    const send = (key: string, who = person) =>
      t.db.kysely
        .transaction()
        .execute((trx) =>
          sendNoticeEmail(trx, { outbox: t.app.outbox, isEmailConfirmed }, who, key, content),
        );

    await send('reminder:unconfirmed');
    expect(await reminderJobs()).toBe(0);

    await confirmEmail(t.db.kysely, patient.id, patient.email.toUpperCase(), new Date());
    await send('reminder:confirmed');
    expect(await reminderJobs()).toBe(1);

    await send('reminder:moved', { ...person, email: `moved.${patient.email}` });
    expect(await reminderJobs()).toBe(1);
  });
});
