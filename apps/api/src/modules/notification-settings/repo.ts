import type { Executor, NotificationSettingsTable } from '../../db/schema.ts';

export async function findSettings(
  db: Executor,
  userId: string,
): Promise<NotificationSettingsTable | undefined> {
  return db
    .selectFrom('notification_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveSettings(db: Executor, row: NotificationSettingsTable): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('notification_settings')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}
