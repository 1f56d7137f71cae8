import { DEFAULT_REMINDER_TIMES, type NotificationSettings } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { findSettings, saveSettings } from './repo.ts';

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: false,
  push: false,
  remindertimes: { ...DEFAULT_REMINDER_TIMES },
};

/** One person's settings, the defaults until they save their own. */
export async function settingsOf(db: Executor, userId: string): Promise<NotificationSettings> {
  const row = await findSettings(db, userId);
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return {
    email: Boolean(row.email),
    push: Boolean(row.push),
    remindertimes: { day: row.day, afternoon: row.afternoon, night: row.night },
  };
}

export interface NotificationSettingsOptions {
  db: Db;
  clock: () => Date;
  /** Re-plans the person's reminders for the new times, inside the saving transaction. */
  onChange: (trx: Executor, userId: string) => Promise<void>;
}

/** GET / PUT /me/notification-settings: both roles keep them; doctors' only reminders are visits. */
export function createNotificationSettingsService({
  db,
  clock,
  onChange,
}: NotificationSettingsOptions) {
  return {
    get: (me: AccessClaims) => settingsOf(db.kysely, me.userId),

    async put(me: AccessClaims, settings: NotificationSettings): Promise<NotificationSettings> {
      await db.kysely.transaction().execute(async (trx) => {
        await saveSettings(trx, {
          user_id: me.userId,
          email: settings.email,
          push: settings.push,
          ...settings.remindertimes,
          updated_at: clock().toISOString(),
        });
        await onChange(trx, me.userId);
      });
      return settingsOf(db.kysely, me.userId);
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
