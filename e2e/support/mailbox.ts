import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listenForMail } from '../../apps/api/test/smtp-server.ts';

/**
 * A real SMTP server for the e2e run (global-setup.ts starts it; the Tend server gets its SMTP_URL).
 * The tests run in other processes, so each message it receives is written to a file in a folder
 * (TEND_E2E_MAILBOX) and the tests read them from there.
 */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export interface MailboxServer {
  url: string;
  dir: string;
  close(): Promise<void>;
}

export async function startMailbox(dir: string): Promise<MailboxServer> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const listener = await listenForMail(({ to, parsed }) => {
    count += 1;
    const mail: Mail = {
      to: to.map((address) => address.toLowerCase()),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
    };
    const name = `${Date.now()}-${String(count).padStart(5, '0')}.json`;
    writeFileSync(path.join(dir, name), JSON.stringify(mail));
  });
  return { ...listener, dir };
}

function mailboxDir(): string {
  const dir = process.env.TEND_E2E_MAILBOX;
  if (!dir)
    throw new Error('TEND_E2E_MAILBOX is not set: run the tests through playwright.config.ts');
  return dir;
}

/** Every message to `address` so far, oldest first. */
export function mailTo(address: string): Mail[] {
  const dir = mailboxDir();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Mail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits for the `count`-th message to `address` whose subject matches, and returns it. */
export async function waitForMail(
  address: string,
  subject: RegExp,
  { count = 1, timeoutMs = 20_000 } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailTo(address).filter((mail) => subject.test(mail.subject));
    const mail = found[count - 1];
    if (mail) return mail;
    if (Date.now() > deadline) {
      throw new Error(
        `no email ${count} to ${address} with subject ${subject} within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path and #token of the one link to `page` in a message, to open on the test server. */
export function linkIn(mail: Mail, page: string): { path: string; token: string } {
  const match = new RegExp(`https?://[^\\s/]+/${page}#([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${page} link in the email "${mail.subject}"`);
  return { path: `/${page}#${match[1]}`, token: match[1] };
}
