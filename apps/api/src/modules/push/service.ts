import { z } from 'zod';
import { MAX_PUSH_SUBSCRIPTIONS, type PushPayload, type PushSubscriptionBody } from '@tend/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { violates } from '../../lib/unique-violation.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import {
  countSubscriptionsOf,
  deleteSubscription,
  deleteSubscriptionOf,
  findByEndpoint,
  findSubscription,
  insertSubscription,
  subscriptionIdsOf,
  updateSubscription,
} from './repo.ts';
import { vapidKeys } from './vapid-keys.ts';

export const PUSH_JOB = 'push';
// Push services keep an undelivered message this long (the phone may be off); a reminder is stale after.
const PUSH_TTL_SECONDS = 60 * 60;
const PUSH_TIMEOUT_MS = 30_000;

const endpointError = (message: string) =>
  new AppError(400, 'invalid_input', message, { endpoint: message });

/** Push services speak https; a local test endpoint on plain http is allowed outside production. */
function checkEndpoint(endpoint: string, env: Config['env']) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw endpointError('endpoint must be the push service address the browser gave (https).');
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && local && env !== 'production'))
    return;
  throw endpointError('endpoint must be an https address of a push service.');
}

const pushJobPayload = z.object({
  subscriptionId: z.string(),
  message: z.object({
    title: z.string(),
    body: z.string(),
    link: z.string(),
    tag: z.string(),
    reminderId: z.string().nullable(),
  }),
});
export type PushMessage = z.infer<typeof pushJobPayload>['message'];

export interface PushServiceOptions {
  db: Db;
  config: Pick<Config, 'env' | 'vapid'>;
  clock: () => Date;
  jobs: JobRunner;
  /** The Taken / Snooze token of a reminder action (computed, never stored). */
  tokenFor: (reminderId: string) => string;
}

/** Web Push: browsers subscribe; reminders are pushed through a `push` job per browser. */
export function createPushService({ db, config, clock, jobs, tokenFor }: PushServiceOptions) {
  const keys = vapidKeys(db, config.vapid, clock);

  jobs.register(PUSH_JOB, {
    staleAfterMs: PUSH_TTL_SECONDS * 1000,
    async run(raw) {
      const { subscriptionId, message } = pushJobPayload.parse(raw);
      const subscription = await findSubscription(db.kysely, subscriptionId);
      if (!subscription) return; // unsubscribed meanwhile
      const payload: PushPayload = {
        title: message.title,
        body: message.body,
        link: message.link,
        tag: message.tag,
        reminder: message.reminderId ? { token: tokenFor(message.reminderId) } : null,
      };
      const { publicKey, privateKey } = await keys();
      // Imported with the first push, not at start-up (docs/decisions/017); later imports are cached.
      const { default: webpush } = await import('web-push');
      try {
        await webpush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: config.vapid.subject, publicKey, privateKey },
            TTL: PUSH_TTL_SECONDS,
            timeout: PUSH_TIMEOUT_MS,
          },
        );
      } catch (error) {
        // 404/410: the browser unsubscribed or the subscription expired; it will never work again.
        if (error instanceof webpush.WebPushError && [404, 410].includes(error.statusCode)) {
          await deleteSubscription(db.kysely, subscription.id);
          return;
        }
        throw error;
      }
    },
  });

  return {
    async publicKey(): Promise<{ publickey: string }> {
      return { publickey: (await keys()).publicKey };
    },

    /** 201 for a new browser of this person, 200 when it was theirs already. */
    async subscribe(
      me: AccessClaims,
      body: PushSubscriptionBody,
    ): Promise<{ created: boolean; _id: string }> {
      checkEndpoint(body.endpoint, config.env);
      const attempt = () =>
        db.kysely.transaction().execute(async (trx) => {
          await lockPerson(trx, db.dialect, me.userId);
          const existing = await findByEndpoint(trx, body.endpoint);
          const keysOf = { p256dh: body.keys.p256dh, auth: body.keys.auth };
          if (existing?.user_id === me.userId) {
            await updateSubscription(trx, existing.id, { user_id: me.userId, ...keysOf });
            return { created: false, _id: existing.id };
          }
          if ((await countSubscriptionsOf(trx, me.userId)) >= MAX_PUSH_SUBSCRIPTIONS) {
            throw new AppError(
              409,
              'too_many_push_subscriptions',
              `Reminders already go to ${MAX_PUSH_SUBSCRIPTIONS} browsers of yours, the most Tend keeps. Turn them off in a browser you no longer use first.`,
            );
          }
          if (existing) {
            // The same browser, now signed in as someone else: its pushes follow the new person.
            await updateSubscription(trx, existing.id, { user_id: me.userId, ...keysOf });
            return { created: true, _id: existing.id };
          }
          const id = newId();
          await insertSubscription(trx, {
            id,
            user_id: me.userId,
            endpoint: body.endpoint,
            ...keysOf,
            created_at: clock().toISOString(),
          });
          return { created: true, _id: id };
        });
      // One browser subscribed by two people at the same moment (PostgreSQL): the endpoint's unique
      // index keeps the first; the second, tried again, finds it and moves it, as a moment later.
      try {
        return await attempt();
      } catch (error) {
        if (!violates(error, { table: 'push_subscriptions', columns: ['endpoint'] })) throw error;
        return attempt();
      }
    },

    async unsubscribe(me: AccessClaims, endpoint: string): Promise<void> {
      await db.kysely
        .transaction()
        .execute((trx) => deleteSubscriptionOf(trx, me.userId, endpoint));
    },

    /** Queues one push per browser of the person, in the caller's transaction. */
    async queue(trx: Executor, userId: string, key: string, message: PushMessage): Promise<void> {
      for (const subscriptionId of await subscriptionIdsOf(trx, userId)) {
        await enqueueJob(trx, {
          key: `push:${key}:${subscriptionId}`,
          kind: PUSH_JOB,
          runAt: clock(),
          payload: { subscriptionId, message },
        });
      }
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
