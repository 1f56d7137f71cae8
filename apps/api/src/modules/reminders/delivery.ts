import type { NotificationKind } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { settingsOf } from '../notification-settings/service.ts';
import { isEmailConfirmed } from '../recovery/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { PushService } from '../push/service.ts';
import { renderReminderEmail, type ReminderEmailContent } from './messages.ts';
import type { ReminderPerson } from './repo.ts';

export interface Reminder {
  /** Unique per reminder and person: the email and pushes it queues are keyed by it. */
  key: string;
  kind: Extract<NotificationKind, 'dose_reminder' | 'visit_reminder' | 'prescription'>;
  title: string;
  body: string;
  /** A path in the web app. */
  link: string;
  /** Replaces an earlier push with the same tag in the browser. */
  tag: string;
  reminderId: string | null;
  email: ReminderEmailContent;
}

/**
 * Reminder emails go out through this one function only, so a rule about who may receive them (only
 * confirmed addresses, say) is made in one place.
 */
export async function sendReminderEmail(
  trx: Executor,
  outbox: Outbox,
  person: ReminderPerson,
  key: string,
  content: ReminderEmailContent,
): Promise<void> {
  // Only to an address its owner confirmed: Tend never mails health reminders to a mistyped one.
  if (!(await isEmailConfirmed(trx, person.id, person.email.toLowerCase()))) return;
  await outbox.send(trx, { to: person.email, ...renderReminderEmail(content) }, { key });
}

/**
 * Delivers one reminder to one person, inside the job's transaction: the in-app notification always
 * (live to any open page), an email if they turned email on and SMTP is configured, and a push to each
 * browser they subscribed if they turned push on. Email and pushes are jobs of their own, so a slow
 * mail server or push service delays only them, and each is retried on its own.
 */
export function reminderDelivery(deps: {
  notifications: NotificationService;
  outbox: Outbox;
  push: PushService;
}) {
  return async (trx: Executor, person: ReminderPerson, reminder: Reminder): Promise<void> => {
    if (person.disabled_at) return;
    await deps.notifications.notify(trx, person.id, {
      kind: reminder.kind,
      title: reminder.title,
      body: reminder.body,
      link: reminder.link,
      reminderId: reminder.reminderId,
    });
    const settings = await settingsOf(trx, person.id);
    if (settings.email && deps.outbox.enabled) {
      await sendReminderEmail(trx, deps.outbox, person, reminder.key, reminder.email);
    }
    if (settings.push) {
      await deps.push.queue(trx, person.id, reminder.key, {
        title: reminder.title,
        body: reminder.body,
        link: reminder.link,
        tag: reminder.tag,
        reminderId: reminder.reminderId,
      });
    }
  };
}

export type ReminderDelivery = ReturnType<typeof reminderDelivery>;
