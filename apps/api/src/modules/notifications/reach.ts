import type { Executor } from '../../db/schema.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { renderNoticeEmail, type NoticeEmailContent } from './notice-email.ts';
import type { NewNotification } from './service.ts';

/** Who a notice goes to, as email needs them. */
export interface Recipient {
  id: string;
  email: string;
  disabled_at: string | null;
}

/** What a push to a person's browsers carries; `tag` replaces an earlier push with the same tag. */
export interface PushNotice {
  title: string;
  body: string;
  /** A path in the web app. */
  link: string;
  tag: string;
  reminderId: string | null;
}

/**
 * A notice told in the app and, as the person chose, by email and Web Push; `key` is unique per
 * notice and person, and keys the email and pushes it queues.
 */
export type NoticeEverywhere = PushNotice &
  Pick<NewNotification, 'kind'> & { key: string; email: NoticeEmailContent };

/** What telling people outside the app needs of the rest of Tend (wired in app.ts). */
export interface EmailGate {
  outbox: Outbox;
  /** Whether the person confirmed this address (the recovery module confirms addresses). */
  isEmailConfirmed: (db: Executor, userId: string, emailNormalized: string) => Promise<boolean>;
}

export interface ReachNeeds extends EmailGate {
  /** The in-app notification (this module's service). */
  notify: (trx: Executor, userId: string, message: NewNotification) => Promise<void>;
  /** Whether the person turned email and push on (the notification-settings module). */
  choicesOf: (db: Executor, userId: string) => Promise<{ email: boolean; push: boolean }>;
  /** Queues a push to each browser the person subscribed (the push module). */
  queuePush: (trx: Executor, userId: string, key: string, message: PushNotice) => Promise<void>;
}

/**
 * Notice emails go out through this one function only, so a rule about who may receive them (only
 * confirmed addresses, say) is made in one place.
 */
export async function sendNoticeEmail(
  trx: Executor,
  { outbox, isEmailConfirmed }: EmailGate,
  person: Recipient,
  key: string,
  content: NoticeEmailContent,
): Promise<void> {
  // Only to an address its owner confirmed: Tend never mails health reminders to a mistyped one.
  if (!(await isEmailConfirmed(trx, person.id, person.email.toLowerCase()))) return;
  await outbox.send(trx, { to: person.email, ...renderNoticeEmail(content) }, { key });
}

/**
 * Reaching a person beyond the notification list, inside the caller's transaction. Email and pushes
 * are jobs of their own, so a slow mail server or push service delays only them, and each is
 * retried on its own.
 */
export function createReach(needs: ReachNeeds) {
  /** An email if they turned email on and SMTP is configured; a push to each browser if push is on. */
  async function outside(trx: Executor, person: Recipient, notice: NoticeEverywhere) {
    const choices = await needs.choicesOf(trx, person.id);
    if (choices.email && needs.outbox.enabled) {
      await sendNoticeEmail(trx, needs, person, notice.key, notice.email);
    }
    if (choices.push) {
      await needs.queuePush(trx, person.id, notice.key, {
        title: notice.title,
        body: notice.body,
        link: notice.link,
        tag: notice.tag,
        reminderId: notice.reminderId,
      });
    }
  }

  return {
    outside,

    /**
     * Delivers one notice to one person (a reminder, say): the in-app notification always (live to
     * any open page), then email and push as they chose. A disabled account gets nothing.
     */
    async everywhere(trx: Executor, person: Recipient, notice: NoticeEverywhere): Promise<void> {
      if (person.disabled_at) return;
      await needs.notify(trx, person.id, {
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        reminderId: notice.reminderId,
      });
      await outside(trx, person, notice);
    },
  };
}

export type Reach = ReturnType<typeof createReach>;
