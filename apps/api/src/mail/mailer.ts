import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text, for every mail program. */
  text: string;
  /** The same content as HTML. */
  html: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

// Well inside a job's lease (jobs/runner.ts), so a hung server fails the attempt instead of outliving it.
const SMTP_TIMEOUT_MS = 30_000;

/**
 * An SMTP transport from SMTP_URL, or null when none is configured (Tend then sends no email).
 * nodemailer (and the fetch implementation it loads) is imported with the first message, not at
 * start-up: most instances send email seldom or never (docs/decisions/017).
 */
export function createMailer(mail: Config['mail']): Mailer | null {
  if (!mail) return null;
  let transport: Promise<Transporter> | null = null;
  const open = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      url: mail.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  };
  return {
    async send(message) {
      // A failed import is tried again with the next message, not remembered.
      transport ??= open().catch((error: unknown) => {
        transport = null;
        throw error;
      });
      await (await transport).sendMail({ from: mail.from, ...message });
    },
    close() {
      void transport?.then((opened) => opened.close()).catch(() => undefined);
    },
  };
}
