import type { MessagingEvent } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { textsFor } from '../../i18n/texts.ts';
import type { MessageDelivery } from './service.ts';

type Publish = (
  trx: Executor,
  userIds: readonly string[],
  type: 'message',
  data: MessagingEvent,
) => Promise<void>;

type Notify = (
  trx: Executor,
  userId: string,
  notification: { kind: 'message'; title: string; body: string; link: string },
) => Promise<void>;

/**
 * Messages reach people through the live event stream and the notification list. Neither carries the
 * body: events and notifications are stored, may be pushed or emailed, and need only say where to look.
 */
export function messageDelivery(publish: Publish, notify: Notify): MessageDelivery {
  return {
    async sent(trx, { conversationId, messageId, sender, recipient }) {
      const name =
        sender.user_type === 'doctor'
          ? `Dr. ${sender.lastname}`
          : `${sender.firstname} ${sender.lastname}`;
      const t = textsFor(recipient.language);
      await notify(trx, recipient.id, {
        kind: 'message',
        title: t('notices.message.title', { name }),
        body: t('notices.message.body'),
        link: `/${recipient.user_type}/messages/${conversationId}`,
      });
      // Last, as the events service asks: it holds a per-recipient lock until the commit.
      await publish(trx, [sender.id, recipient.id], 'message', { conversationId, messageId });
    },
    async read(trx, { conversationId, readerId, otherId }) {
      await publish(trx, [readerId, otherId], 'message', { conversationId, messageId: null });
    },
  };
}
