import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { createMailer } from './mailer.ts';
import { createOutbox } from './outbox.ts';

const quiet = { warn: () => {}, info: () => {} };

describe.each(testDialects())('email outbox on %s', (dialect) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await smtp.close();
    await t.cleanup();
  });

  const message = {
    to: 'zoe@example.org',
    subject: 'Hello from Tend',
    text: 'Plain words.',
    html: '<p>Plain <b>words</b>.</p>',
  };

  it('sends a queued email once, in text and HTML, from MAIL_FROM', async () => {
    const runner = createJobRunner({ db: t.db, log: quiet, pollMs: 0 });
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Tend <tend@example.org>' });
    const outbox = createOutbox(runner, mailer);
    expect(outbox.enabled).toBe(true);
    await t.db.kysely.transaction().execute(async (trx) => {
      expect(await outbox.send(trx, message, { key: 'greeting' })).toBe(true);
      expect(await outbox.send(trx, message, { key: 'greeting' })).toBe(false);
    });
    expect(await runner.runDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['zoe@example.org']);
    expect(mail?.parsed.subject).toBe('Hello from Tend');
    expect(mail?.parsed.from?.value[0]).toMatchObject({
      name: 'Tend',
      address: 'tend@example.org',
    });
    expect(mail?.parsed.text?.trim()).toBe('Plain words.');
    expect(mail?.parsed.html).toContain('<b>words</b>');
    mailer?.close();
  });

  it('retries when the mail server is away, and queues nothing without SMTP_URL', async () => {
    const runner = createJobRunner({ db: t.db, log: quiet, pollMs: 0 });
    const away = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'tend@example.org' });
    const outbox = createOutbox(runner, away);
    await t.db.kysely.transaction().execute((trx) => outbox.send(trx, message));
    await runner.runDue();
    const job = await t.db.kysely.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ kind: 'email', state: 'pending', last_error: 'Error:ESOCKET' });

    const none = createOutbox(createJobRunner({ db: t.db, log: quiet, pollMs: 0 }), null);
    expect(none.enabled).toBe(false);
    expect(await t.db.kysely.transaction().execute((trx) => none.send(trx, message))).toBe(false);
  });
});
