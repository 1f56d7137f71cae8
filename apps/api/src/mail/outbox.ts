import { z } from 'zod';
import type { Executor } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { EmailMessage, Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues email (see createOutbox); tests and services reach it here. */
    outbox: Outbox;
  }
}

export const EMAIL_JOB = 'email';

const emailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/**
 * Email goes out through a job, never from inside a request: the request's transaction queues it, so
 * a message exists exactly when the change it tells of committed, and a failing mail server is retried
 * with back-off instead of failing the request.
 */
export function createOutbox(
  jobs: JobRunner,
  mailer: Mailer | null,
  clock: () => Date = () => new Date(),
) {
  if (mailer) {
    jobs.register(EMAIL_JOB, {
      // SMTP has no idempotency: an instance killed between the server's OK and marking the job done
      // sends the message again when the job is taken over. Rare, and better than losing it.
      run: async (payload) => mailer.send(emailPayload.parse(payload)),
    });
  }
  return {
    /** False when SMTP_URL is unset: then nothing is queued. */
    enabled: mailer !== null,
    /**
     * Queues one email inside the caller's transaction. `key` makes it idempotent (the same reminder
     * planned twice is mailed once); without one every call queues a new message.
     */
    async send(
      trx: Executor,
      message: EmailMessage,
      options: { key?: string; runAt?: Date } = {},
    ): Promise<boolean> {
      if (!mailer || undeliverable(message.to)) return false;
      return enqueueJob(trx, {
        key: `email:${options.key ?? newId()}`,
        kind: EMAIL_JOB,
        runAt: options.runAt ?? clock(),
        payload: message,
      });
    },
  };
}

/**
 * An address under the top-level domain `.invalid`, which can never be delivered (RFC 2606): the
 * address a dependent's record holds until they have a sign-in of their own (docs/decisions/051).
 * Nothing is queued for it, so no mail server is ever asked.
 */
export function undeliverable(address: string): boolean {
  return address.trim().toLowerCase().endsWith('.invalid');
}

export type Outbox = ReturnType<typeof createOutbox>;
