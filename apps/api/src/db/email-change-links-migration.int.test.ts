import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databasesBeforeMigration } from '../../test/database-before-migration.ts';
import { testDialects } from '../../test/helper.ts';
import { migrateToLatest } from './migrate.ts';

const MIGRATION = '0016-email-change-links';

describe.each(testDialects())(`migration ${MIGRATION} on %s`, (dialect) => {
  const migrateToJustBefore = databasesBeforeMigration(dialect, MIGRATION);

  it('keeps every existing link and accepts email-change links, and nothing else', async () => {
    const testDb = await migrateToJustBefore();
    const k = testDb.db.kysely;
    const now = new Date().toISOString();
    await sql`insert into users (id, email, email_normalized, password_hash, user_type, firstname,
      lastname, created_at, updated_at) values ('u1', 'A@b.co', 'a@b.co', 'x', 'patient', 'A', 'B',
      ${now}, ${now})`.execute(k);
    await sql`insert into account_tokens (id, user_id, purpose, token_hash, email_normalized,
      created_at, expires_at, used_at) values ('t1', 'u1', 'password_reset', 'h1', 'a@b.co',
      ${now}, ${now}, null)`.execute(k);

    await migrateToLatest(testDb.db);

    const kept = await k.selectFrom('account_tokens').selectAll().execute();
    expect(kept).toEqual([
      expect.objectContaining({
        id: 't1',
        purpose: 'password_reset',
        token_hash: 'h1',
        email: null,
      }),
    ]);
    const link = (id: string, purpose: string) =>
      sql`insert into account_tokens (id, user_id, purpose, token_hash, email_normalized, created_at,
        expires_at, email) values (${id}, 'u1', ${purpose}, ${id}, 'n@b.co', ${now}, ${now}, 'N@b.co')`.execute(
        k,
      );
    await link('t2', 'email_change');
    await expect(link('t3', 'something_else')).rejects.toThrow();
    // Deleting the account still takes its links with it.
    await k.deleteFrom('users').execute();
    expect(await k.selectFrom('account_tokens').selectAll().execute()).toEqual([]);
  });
});
