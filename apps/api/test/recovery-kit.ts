import type { Dialect } from '../src/db/database.ts';
import { createAccount, type TestAccount } from './accounts.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp-server.ts';

export const PUBLIC_URL = 'https://tend.example.org';

/** An app that sends its email to a test SMTP server, with links to PUBLIC_URL and this clock. */
export async function startMailingApp(
  dialect: Dialect,
  clock: () => Date,
): Promise<{ t: TestApp; smtp: TestSmtpServer }> {
  const smtp = await startSmtpServer();
  const t = await createTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL }, { clock });
  return { t, smtp };
}

/** startMailingApp and a patient's account, its sign-up's confirmation email sent and set aside. */
export async function startMailingAppWithAccount(
  dialect: Dialect,
  clock: () => Date,
  details: Parameters<typeof createAccount>[2] = {},
): Promise<{ t: TestApp; smtp: TestSmtpServer; account: TestAccount }> {
  const { t, smtp } = await startMailingApp(dialect, clock);
  const account = await createAccount(t, 'patient', details);
  await drainJobs(t);
  smtp.received.length = 0;
  return { t, smtp, account };
}

export async function closeMailingApp(t: TestApp, smtp: TestSmtpServer): Promise<void> {
  await t.close();
  await smtp.close();
}

/** Runs due jobs until none is left: a reset request's job queues the email job it sends. */
export async function drainJobs(t: TestApp): Promise<void> {
  for (let round = 0; round < 10; round++) {
    if ((await t.app.jobs.runDue()) === 0) return;
  }
  throw new Error('jobs kept coming');
}

/** The token of the one link to `page` in a received email (links carry it after #). */
export function linkToken(mail: ReceivedMail | undefined, page: string): string {
  const text = mail?.parsed.text ?? '';
  const match = new RegExp(`${PUBLIC_URL}/${page}#([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`);
  return match[1];
}

/** The messages sent to one address so far. */
export function mailTo(smtp: TestSmtpServer, address: string): ReceivedMail[] {
  return smtp.received.filter(
    (m) => m.to.includes(address.toLowerCase()) || m.to.includes(address),
  );
}

/** Moves an account to a new address as a person does: the profile with the password, then the link. */
export async function changeEmail(
  t: TestApp,
  smtp: TestSmtpServer,
  who: { accessToken: string; password: string },
  email: string,
): Promise<void> {
  const asked = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/me/update',
    headers: { authorization: `Bearer ${who.accessToken}` },
    payload: { email, currentPassword: who.password },
  });
  if (asked.statusCode !== 200) throw new Error(`email change refused: ${asked.body}`);
  await drainJobs(t);
  const token = linkToken(mailTo(smtp, email).at(-1), 'confirm-email');
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-change/confirm',
    payload: { token },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation refused: ${confirmed.body}`);
}
