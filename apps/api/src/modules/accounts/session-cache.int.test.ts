import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import type { Config } from '../../config.ts';
import { createDb } from '../../db/database.ts';
import { createSessionCheck, SESSION_CACHE_TTL_MS, type SessionCheck } from './session-cache.ts';
import { revokeSession } from './sessions-repo.ts';

const silent = { info: () => {}, warn: () => {} };
const sessionIdOf = (account: TestAccount) =>
  (
    JSON.parse(Buffer.from(account.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    }
  ).sid;

describe.each(testDialects())('the per-request session check on %s', (dialect) => {
  let t: TestApp;
  let check: SessionCheck;
  let database: Config['database'];
  let clock: number;
  let account: TestAccount;
  let sessionId: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    database = dialect === 'postgres' ? t.database : { kind: 'sqlite', file: ':unused:' };
    clock = Date.now();
    check = createSessionCheck(t.db, database, silent, () => clock);
    await check.ready;
    account = await createAccount(t);
    sessionId = sessionIdOf(account);
  });
  afterEach(async () => {
    await check.close();
    await t.close();
  });

  /** Revokes the row as a tool outside Tend would: no announcement at all. */
  const revokeBehindTendsBack = () =>
    t.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString(), revoked_reason: 'test' })
      .where('id', '=', sessionId)
      .execute();

  it('answers a live session, and refuses it right after revokeSession', async () => {
    expect(await check.find(sessionId, new Date())).toMatchObject({
      sessionId,
      userId: account.id,
      role: 'patient',
      disabled: false,
    });
    await revokeSession(t.db.kysely, sessionId, 'signed_out', new Date());
    expect(await check.find(sessionId, new Date())).toBeUndefined();
  });

  it('refuses a session past its expiry and one it never heard of', async () => {
    expect(await check.find(sessionId, new Date(Date.now() + 31 * 24 * 3600_000))).toBeUndefined();
    expect(await check.find('no-such-session', new Date())).toBeUndefined();
  });

  it.runIf(dialect === 'sqlite')(
    'keeps an answer on SQLite only until anything is written',
    async () => {
      await check.find(sessionId, new Date());
      await revokeBehindTendsBack();
      expect(await check.find(sessionId, new Date())).toBeUndefined();
    },
  );

  it.runIf(dialect === 'sqlite')(
    'sees a session ended by another process on the same SQLite file (the users CLI, SQL by hand)',
    async () => {
      expect(await check.find(sessionId, new Date())).toBeDefined();
      expect(await check.find(sessionId, new Date())).toBeDefined();
      const { rows } = await sql<{
        file: string;
      }>`select file from pragma_database_list where name = 'main'`.execute(t.db.kysely);
      const other = createDb({ kind: 'sqlite', file: rows[0]?.file ?? '' });
      try {
        await other.kysely
          .updateTable('sessions')
          .set({ revoked_at: new Date().toISOString(), revoked_reason: 'test' })
          .where('id', '=', sessionId)
          .execute();
      } finally {
        await other.close();
      }
      expect(await check.find(sessionId, new Date())).toBeUndefined();
    },
  );

  describe.runIf(dialect === 'postgres')('kept in memory on PostgreSQL', () => {
    /** Another instance's revokeSessionsOfUser, as it reaches this one: a NOTIFY on commit. */
    async function notifyFromAnotherInstance(payload: object) {
      const client = new pg.Client({
        connectionString: database.kind === 'postgres' ? database.url : '',
        options: `-c search_path=${database.kind === 'postgres' ? database.searchPath : ''}`,
      });
      await client.connect();
      try {
        await client.query(
          `select pg_notify(left('tend_sessions:' || coalesce(current_schema(), ''), 63), $1)`,
          [JSON.stringify(payload)],
        );
      } finally {
        await client.end();
      }
    }

    async function eventually(condition: () => Promise<boolean>) {
      const deadline = Date.now() + 5000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error('not within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it('forgets a person’s sessions when another instance announces they ended', async () => {
      await check.find(sessionId, new Date());
      await revokeBehindTendsBack();
      // Answered from memory: nothing announced the end yet.
      expect(await check.find(sessionId, new Date())).toBeDefined();
      await notifyFromAnotherInstance({ userId: account.id });
      await eventually(async () => (await check.find(sessionId, new Date())) === undefined);
    });

    it('keeps the session a password change kept, and forgets one session by its id', async () => {
      await check.find(sessionId, new Date());
      await revokeBehindTendsBack();
      await notifyFromAnotherInstance({ userId: account.id, keep: sessionId });
      await notifyFromAnotherInstance({ sessionId: 'another-session' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await check.find(sessionId, new Date())).toBeDefined();
      await notifyFromAnotherInstance({ sessionId });
      await eventually(async () => (await check.find(sessionId, new Date())) === undefined);
    });

    it('asks the database again once an entry is older than the TTL (the safety net)', async () => {
      await check.find(sessionId, new Date());
      await revokeBehindTendsBack();
      clock += SESSION_CACHE_TTL_MS - 1;
      expect(await check.find(sessionId, new Date())).toBeDefined();
      clock += 2;
      expect(await check.find(sessionId, new Date())).toBeUndefined();
    });
  });
});
