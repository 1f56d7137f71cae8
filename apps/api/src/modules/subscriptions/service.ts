import type { SubscriptionResponse } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { insertSubscription } from './repo.ts';

export async function subscribe(
  db: Db,
  email: string,
  now = new Date(),
): Promise<SubscriptionResponse> {
  const created = await db.kysely
    .transaction()
    .execute((trx) => insertSubscription(trx, email, now));
  return { email, created };
}
