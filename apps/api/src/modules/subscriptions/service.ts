import type { SubscriptionResponse } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { insertSubscription } from './repo.ts';

export async function subscribe(
  db: Db,
  email: string,
  now = new Date(),
): Promise<SubscriptionResponse> {
  // Already listed or not, the answer is the same: nothing is stored twice, and nothing is revealed.
  await db.kysely.transaction().execute((trx) => insertSubscription(trx, email, now));
  return { email };
}
