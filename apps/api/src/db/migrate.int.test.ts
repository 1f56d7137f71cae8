import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/helper.ts';
import { migrateToLatest } from './migrate.ts';
import { TABLES_WITHOUT_CHANGE_STAMP } from './migrations/0023-change-stamp.ts';
import { AUDIT_CHAIN_TABLES } from './migrations/0025-audit-hash-chain.ts';
import { migrations } from './migrations/index.ts';

describe.each(testDialects())('migrations on %s', (dialect) => {
  let testDb: TestDatabase;
  afterEach(() => testDb.cleanup());

  it('applies every migration in order to a fresh database, then has nothing left to do', async () => {
    testDb = await createTestDatabase(dialect, { migrate: false });
    const applied = await migrateToLatest(testDb.db);
    expect(applied.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    expect(await migrateToLatest(testDb.db)).toEqual([]);
  });

  it.runIf(dialect === 'postgres')(
    '0023 puts the change stamp on every table an answer can show (a new table needs it too)',
    async () => {
      testDb = await createTestDatabase(dialect);
      const { rows } = await sql<{ name: string; stamped: boolean }>`
        select c.relname as name,
          exists (select 1 from pg_trigger g where g.tgrelid = c.oid
            and g.tgname = c.relname || '_change_stamp' and g.tgdeferrable and g.tginitdeferred) as stamped
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r'`.execute(testDb.db.kysely);
      const leftOut = new Set<string>([...TABLES_WITHOUT_CHANGE_STAMP, ...AUDIT_CHAIN_TABLES]);
      const missing = rows.filter((r) => !r.stamped && !leftOut.has(r.name)).map((r) => r.name);
      expect(missing).toEqual([]);
      expect(rows.filter((r) => r.stamped).length).toBeGreaterThan(30);
      // The audit trail has its own count, which only the access log's answers are kept under.
      const audit = await sql<{ deferred: boolean }>`
        select g.tginitdeferred as deferred from pg_trigger g join pg_class c on c.oid = g.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relname = 'audit_events'
          and g.tgname = 'audit_events_audit_stamp'`.execute(testDb.db.kysely);
      expect(audit.rows).toEqual([{ deferred: true }]);
    },
  );

  it('keeps every value as written: ids, text and instants come back unchanged', async () => {
    testDb = await createTestDatabase(dialect);
    const row = {
      id: '0190f0c2-0000-7000-8000-000000000001',
      email: 'Ünïcode@Example.org',
      email_normalized: 'ünïcode@example.org',
      created_at: '2026-11-21T23:59:59.123Z',
    };
    await testDb.db.kysely.insertInto('subscriptions').values(row).execute();
    const back = await testDb.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(back).toEqual(row);
  });

  it('enforces the unique index it creates', async () => {
    testDb = await createTestDatabase(dialect);
    const values = {
      email: 'a@b.co',
      email_normalized: 'a@b.co',
      created_at: new Date().toISOString(),
    };
    await testDb.db.kysely
      .insertInto('subscriptions')
      .values({ id: 'one', ...values })
      .execute();
    await expect(
      testDb.db.kysely
        .insertInto('subscriptions')
        .values({ id: 'two', ...values })
        .execute(),
    ).rejects.toThrow();
  });

  it('0015 gives the events already written their actor’s name and role, and loses none', async () => {
    testDb = await createTestDatabase(dialect, { migrate: false });
    const k = testDb.db.kysely as unknown as Kysely<unknown>;
    for (const [name, migration] of Object.entries(migrations)) {
      if (name >= '0015') break;
      await migration.up(k, dialect);
    }
    await sql`insert into users (id, email, email_normalized, password_hash, user_type, firstname,
      lastname, created_at, updated_at) values ('doc', 'd@x.org', 'd@x.org', 'h', 'doctor', 'Ada',
      'Lovelace', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')`.execute(k);
    await sql`insert into audit_events (id, actor_id, action, subject_id, created_at) values
      ('e1', 'doc', 'medications.viewed', 'pat', '2026-11-02T00:00:00.000Z'),
      ('e2', null, 'account.disabled', 'pat', '2026-11-02T00:00:00.000Z'),
      ('e3', 'gone', 'medications.viewed', 'pat', '2026-11-02T00:00:00.000Z')`.execute(k);
    await migrations['0015-audit-actor-snapshot']?.up(k, dialect);
    const rows = await testDb.db.kysely
      .selectFrom('audit_events')
      .select(['id', 'actor_firstname', 'actor_lastname', 'actor_role'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'e1', actor_firstname: 'Ada', actor_lastname: 'Lovelace', actor_role: 'doctor' },
      { id: 'e2', actor_firstname: null, actor_lastname: null, actor_role: null },
      { id: 'e3', actor_firstname: null, actor_lastname: null, actor_role: null },
    ]);
  });
});
