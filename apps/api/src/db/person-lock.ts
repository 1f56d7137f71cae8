import { sql } from 'kysely';
import type { Dialect } from './database.ts';
import type { Executor } from './schema.ts';

/**
 * Holds one person's row until the transaction ends, so that two concurrent additions cannot both count
 * 499 and both insert past a cap. SQLite needs nothing: its writes already run one transaction at a time.
 */
export async function lockPerson(trx: Executor, dialect: Dialect, userId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select id from users where id = ${userId} for update`.execute(trx);
}
