import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { collector } from './collector.ts';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  parsed: ParsedMail;
}

export interface SmtpListener {
  /** An SMTP_URL for Tend's config. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port (no login, no TLS) that hands every message it
 * receives, parsed, to `onMail`. The API tests keep them in memory; the e2e run writes them to files.
 */
export async function listenForMail(onMail: (mail: ReceivedMail) => void): Promise<SmtpListener> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          onMail({ to: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface TestSmtpServer extends SmtpListener {
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

/** An SMTP server that keeps every message it receives, parsed. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails = collector<ReceivedMail>();
  const listener = await listenForMail((mail) => mails.push(mail));
  return {
    ...listener,
    received: mails.items,
    waitFor: (count, timeoutMs = 10_000) =>
      mails.waitFor((all) => all.length >= count, timeoutMs, `${count} emails`),
  };
}
