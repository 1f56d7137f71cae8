import type { Executor } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

/** Inserts unless the address is already there (in any letter case). */
export async function insertSubscription(db: Executor, email: string, now: Date): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      id: newId(),
      email,
      email_normalized: email.toLowerCase(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .execute();
}

export async function countSubscriptions(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
