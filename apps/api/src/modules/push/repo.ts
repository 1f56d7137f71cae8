import type { Executor, PushSubscriptionsTable } from '../../db/schema.ts';

export async function findByEndpoint(
  db: Executor,
  endpoint: string,
): Promise<PushSubscriptionsTable | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

export async function findSubscription(
  db: Executor,
  id: string,
): Promise<PushSubscriptionsTable | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function subscriptionIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.id);
}

export async function countSubscriptionsOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertSubscription(db: Executor, row: PushSubscriptionsTable) {
  await db.insertInto('push_subscriptions').values(row).execute();
}

/** The browser's keys change when it subscribes anew; a browser now used by another person moves to them. */
export async function updateSubscription(
  db: Executor,
  id: string,
  changes: Pick<PushSubscriptionsTable, 'user_id' | 'p256dh' | 'auth'>,
) {
  await db.updateTable('push_subscriptions').set(changes).where('id', '=', id).execute();
}

export async function deleteSubscriptionOf(db: Executor, userId: string, endpoint: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function deleteSubscription(db: Executor, id: string) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
