import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_NAME = 'vapid';

/**
 * The Web Push sender keys: from config when given; otherwise made once and kept in the database, so
 * every instance on one PostgreSQL signs with the same pair (browsers subscribed with one public key
 * accept pushes signed by it only). Two instances racing to make them keep the first one stored.
 */
export function vapidKeys(db: Db, vapid: Config['vapid'], clock: () => Date) {
  let loading: Promise<VapidKeys> | null = null;
  async function load(): Promise<VapidKeys> {
    if (vapid.keys) return vapid.keys;
    const stored = await db.kysely
      .selectFrom('server_keys')
      .select('value')
      .where('name', '=', KEY_NAME)
      .executeTakeFirst();
    if (stored) return JSON.parse(stored.value) as VapidKeys;
    // Imported only when the keys are first made: web-push and its crypto libraries are not needed
    // at start-up (docs/decisions/017).
    const { default: webpush } = await import('web-push');
    const made = webpush.generateVAPIDKeys();
    await db.kysely
      .insertInto('server_keys')
      .values({ name: KEY_NAME, value: JSON.stringify(made), created_at: clock().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const kept = await db.kysely
      .selectFrom('server_keys')
      .select('value')
      .where('name', '=', KEY_NAME)
      .executeTakeFirstOrThrow();
    return JSON.parse(kept.value) as VapidKeys;
  }
  return () => {
    // A failed load (the database away) is tried again next time, not remembered.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
