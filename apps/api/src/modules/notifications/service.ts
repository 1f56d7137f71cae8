import type {
  Notification,
  NotificationKind,
  NotificationList,
  NotificationReadBody,
  PageRequest,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import {
  countOwn,
  countUnread,
  listNotifications,
  markRead,
  notifyQueries,
  openReminders,
  type NotificationRow,
} from './repo.ts';

/** A person keeps their newest notifications; older ones go (DESIGN.md "Reliability rules"). */
export const NOTIFICATIONS_KEPT_PER_PERSON = 1000;

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the web app, e.g. "/patient/appointments". */
  link: string;
  /** A dose reminder's action (its Taken / Snooze token is derived from it). */
  reminderId?: string | null;
}

function toNotification(row: NotificationRow, token: string | null = null): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    readat: row.read_at,
    reminder: token ? { token } : null,
  };
}

/** Sends a stored notification live to the person's open pages (the events module). */
export type PublishNotification = (
  trx: Executor,
  userIds: readonly string[],
  type: 'notification',
  data: { notification: Notification },
) => Promise<void>;

export function createNotificationService(
  db: Db,
  publish: PublishNotification,
  clock: () => Date = () => new Date(),
  /** A reminder action's token (see modules/reminders/action-tokens.ts). */
  tokenFor: (reminderId: string) => string = () => '',
) {
  const queries = notifyQueries(db.kysely, NOTIFICATIONS_KEPT_PER_PERSON);
  return {
    /**
     * Stores a notification for one person and sends it live, inside the caller's transaction (so it
     * exists exactly when the change it tells of committed). Other modules call this.
     */
    async notify(trx: Executor, userId: string, message: NewNotification): Promise<void> {
      // Links are followed by the web app's router: only its own paths, never another site.
      if (!message.link.startsWith('/') || message.link.startsWith('//')) {
        throw new Error('A notification link must be a path inside Tend.');
      }
      const row: NotificationRow = {
        id: newId(),
        user_id: userId,
        kind: message.kind,
        title: message.title,
        body: message.body,
        link: message.link,
        created_at: clock().toISOString(),
        read_at: null,
        reminder_id: message.reminderId ?? null,
      };
      await queries.insert(trx, row);
      await queries.trim(trx, userId);
      const token = row.reminder_id ? tokenFor(row.reminder_id) : null;
      await publish(trx, [userId], 'notification', {
        notification: toNotification(row, token),
      });
    },

    async list(me: AccessClaims, page: PageRequest): Promise<NotificationList> {
      const [result, unread] = await Promise.all([
        listNotifications(db.kysely, me.userId, page),
        countUnread(db.kysely, me.userId),
      ]);
      // Taken / Snooze is offered while the dose is still open: not ticked, its day not over.
      const open = await openReminders(
        db.kysely,
        result.rows.flatMap((r) => (r.reminder_id ? [r.reminder_id] : [])),
        clock(),
      );
      return {
        notifications: result.rows.map((row) =>
          toNotification(
            row,
            row.reminder_id && open.has(row.reminder_id) ? tokenFor(row.reminder_id) : null,
          ),
        ),
        unread,
        nextCursor: result.nextCursor,
      };
    },

    /** Marks the named (or all) notifications read; an id that is not the caller's changes nothing. */
    async markRead(me: AccessClaims, body: NotificationReadBody): Promise<{ unread: number }> {
      return db.kysely.transaction().execute(async (trx) => {
        if ('ids' in body) {
          const ids = [...new Set(body.ids)];
          if ((await countOwn(trx, me.userId, ids)) !== ids.length) {
            throw new AppError(
              404,
              'notification_not_found',
              'One of these notifications was not found. Reload the list and try again.',
            );
          }
          await markRead(trx, me.userId, ids, clock());
        } else {
          await markRead(trx, me.userId, 'all', clock());
        }
        return { unread: await countUnread(trx, me.userId) };
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
