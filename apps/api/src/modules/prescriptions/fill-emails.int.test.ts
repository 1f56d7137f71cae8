import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/helper.ts';
import { createAccount, type TestAccount } from '../../../test/accounts.ts';
import {
  START,
  prescriptionScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { confirmEmail } from '../recovery/account-tokens-repo.ts';

describe.each(testDialects())('a fill’s steps by email, on %s', (dialect) => {
  let s: PrescriptionScenario;
  let smtp: TestSmtpServer;
  let pharmacy: TestAccount;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    s = await prescriptionScenario(dialect, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tend <tend@example.org>',
      PUBLIC_URL: 'https://tend.example.org',
    });
    pharmacy = await createAccount(s.t, 'pharmacy', { pharmacy: { name: 'Álamo Pharmacy' } });
    // Notices are mailed only to a confirmed address; the sign-ups' own emails are set aside.
    await confirmEmail(s.t.db.kysely, s.patient.id, s.patient.email, new Date(START));
    while ((await s.t.app.jobs.runDue()) > 0);
    smtp.received.length = 0;
  });
  afterEach(async () => {
    await s.t.close();
    await smtp.close();
  });

  const step = (id: string, status: string) =>
    s.callExpecting(200, pharmacy, 'POST', `/api/v1/prescriptions/${id}/fills/current`, {
      status,
    });
  const saveEmail = (email: boolean) =>
    s.callExpecting(200, s.patient, 'PUT', '/api/v1/me/notification-settings', {
      email,
      push: false,
      remindertimes: { day: '08:00', afternoon: '13:00', night: '20:00' },
    });

  it('mails each step to a patient who chose email, and nothing to one who did not', async () => {
    const p = await s.prescribe();
    await s.callExpecting(200, s.patient, 'POST', `/api/v1/prescriptions/${p._id}/send`, {
      pharmacyId: pharmacy.id,
    });
    await step(p._id, 'preparing');
    while ((await s.t.app.jobs.runDue()) > 0);
    expect(smtp.received).toEqual([]);

    await saveEmail(true);
    await step(p._id, 'ready');
    while ((await s.t.app.jobs.runDue()) > 0);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([s.patient.email]);
    expect(mail?.parsed.subject).toBe('Prescription ready to collect');
    expect(mail?.parsed.text).toContain(
      'Your Metformin (First fill) is ready to collect at Álamo Pharmacy.',
    );
    expect(mail?.parsed.text).toContain('https://tend.example.org/patient/prescriptions');
  });
});
