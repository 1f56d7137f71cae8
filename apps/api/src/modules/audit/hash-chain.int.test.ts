import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  callAs,
  appWith,
  careScenario,
  signIn,
  type CareScenario,
} from '../../../test/accounts.ts';
import { emptyRestoreTarget, testDialects, type TestApp } from '../../../test/helper.ts';
import { createTwoInstances } from '../../../test/instances.ts';
import { restoreBackup, writeBackup } from '../../backup/backup.ts';
import { createDb, type Db } from '../../db/database.ts';
import { linkHash } from '../../lib/audit-chain-hash.ts';
import { recordAudits } from './service.ts';
import { verifyAuditChains } from './verify-chains.ts';

/** A chain's events in order, as the verification reads them. */
function chainOf(db: Db, chainId: string) {
  return db.kysely
    .selectFrom('audit_events')
    .selectAll()
    .where('chain_id', '=', chainId)
    .orderBy('seq')
    .execute();
}

/** Runs `work` with the database's guards off, as someone editing the table by hand would. */
async function withoutGuards(db: Db, work: () => Promise<unknown>): Promise<void> {
  if (db.dialect === 'postgres') {
    await sql`alter table audit_events disable trigger audit_events_kept`.execute(db.kysely);
    try {
      await work();
    } finally {
      await sql`alter table audit_events enable trigger audit_events_kept`.execute(db.kysely);
    }
    return;
  }
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'audit_events'`.execute(
    db.kysely,
  );
  expect(rows.length).toBe(2);
  for (const row of rows) await sql.raw(`drop trigger ${row.name}`).execute(db.kysely);
  try {
    await work();
  } finally {
    for (const row of rows) await sql.raw(row.sql).execute(db.kysely);
  }
}

describe.each(testDialects())('the access log is a hash chain per person, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => ({ t, s } = await appWith(careScenario, dialect)));
  afterEach(() => t.close());

  const look = () => callAs(t, s.linkedDoctor, 'GET', `/api/v1/trackmedications/${s.owner.id}`);
  const verify = () => verifyAuditChains(t.db, { pageSize: 7 });

  /** A log with a doctor's looks (one by one, and many committed together) and sign-ins. */
  async function aNormalLog() {
    for (let i = 0; i < 3; i++) expect((await look()).statusCode).toBe(200);
    const together = await Promise.all(Array.from({ length: 12 }, look));
    expect(together.map((r) => r.statusCode)).toEqual(Array<number>(12).fill(200));
    expect((await callAs(t, s.linkedDoctor, 'GET', '/api/v1/patients')).statusCode).toBe(200);
    await signIn(t, s.owner.email, s.owner.password);
    await signIn(t, s.owner.email, 'not the password').catch(() => {});
  }

  it('links every event to the one before, in places 1, 2, 3…, and verifies whole', async () => {
    await aNormalLog();
    const chain = await chainOf(t.db, s.owner.id);
    expect(chain.length).toBeGreaterThan(15);
    expect(chain.map((e) => e.seq)).toEqual(chain.map((_, i) => i + 1));
    chain.forEach((event, i) => {
      expect(event.prev_hash).toBe(i === 0 ? '' : chain[i - 1]?.hash);
      expect(linkHash(event)).toBe(event.hash);
    });
    // A person's own sign-ins (about no one) are in their chain too.
    expect(chain.map((e) => e.action)).toContain('auth.sign_in_succeeded');
    const report = await verify();
    expect(report.findings).toEqual([]);
    expect(report.chains).toBeGreaterThanOrEqual(4);
    const { count } = await t.db.kysely
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(report.events).toBe(Number(count));
  });

  it('never records an event as earlier than the one before it in its chain', async () => {
    const at = (iso: string) => new Date(iso);
    const event = { actorId: s.linkedDoctor.id, action: 'patients.listed' as const };
    await recordAudits(
      t.db.kysely,
      [{ ...event, subjectId: s.owner.id }],
      at('2999-01-01T00:00:00Z'),
    );
    await recordAudits(
      t.db.kysely,
      [{ ...event, subjectId: s.owner.id }],
      at('2998-01-01T00:00:00Z'),
    );
    const chain = await chainOf(t.db, s.owner.id);
    expect(chain.slice(-2).map((e) => new Date(e.created_at).toISOString())).toEqual([
      '2999-01-01T00:00:00.000Z',
      '2999-01-01T00:00:00.000Z',
    ]);
    expect((await verify()).findings).toEqual([]);
  });

  it('names an event edited by hand', async () => {
    await aNormalLog();
    const edited = (await chainOf(t.db, s.owner.id))[4];
    await withoutGuards(t.db, () =>
      t.db.kysely
        .updateTable('audit_events')
        .set({ action: 'report.viewed' })
        .where('id', '=', edited?.id ?? '')
        .execute(),
    );
    expect((await verify()).findings).toEqual([
      {
        chainId: s.owner.id,
        seq: 5,
        eventId: edited?.id,
        problem: 'was changed after it was written (its hash differs)',
      },
    ]);
  });

  it('names an event deleted by hand, in the middle or at the end', async () => {
    await aNormalLog();
    const chain = await chainOf(t.db, s.owner.id);
    const doctorsChain = await chainOf(t.db, s.linkedDoctor.id);
    const last = doctorsChain.at(-1);
    await withoutGuards(t.db, () =>
      t.db.kysely
        .deleteFrom('audit_events')
        .where('id', 'in', [chain[2]?.id ?? '', last?.id ?? ''])
        .execute(),
    );
    const { findings } = await verify();
    expect(findings).toContainEqual({
      chainId: s.owner.id,
      seq: 3,
      eventId: null,
      problem: 'event 3 is missing',
    });
    expect(findings).toContainEqual({
      chainId: s.linkedDoctor.id,
      seq: doctorsChain.length,
      eventId: null,
      problem: `event ${String(doctorsChain.length)} is missing`,
    });
    expect(findings).toHaveLength(2);
  });

  it('names an event slipped in by hand, even one with a well-made hash', async () => {
    await aNormalLog();
    const chain = await chainOf(t.db, s.owner.id);
    const before = chain.at(-1);
    if (!before) throw new Error('no events');
    // Someone who knows the scheme adds a look dated an hour before the last event.
    const forged = {
      ...before,
      id: 'forged-look',
      seq: before.seq + 1,
      action: 'medications.viewed',
      created_at: new Date(new Date(before.created_at).getTime() - 3_600_000).toISOString(),
      prev_hash: before.hash,
    };
    await t.db.kysely
      .insertInto('audit_events')
      .values({ ...forged, hash: linkHash(forged) })
      .execute();
    // And a row added with no chain at all.
    await t.db.kysely
      .insertInto('audit_events')
      .values({
        id: 'plain-insert',
        actor_id: s.linkedDoctor.id,
        action: 'medications.viewed',
        subject_id: s.otherPatient.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const { findings } = await verify();
    expect(findings).toContainEqual({
      chainId: s.owner.id,
      seq: before.seq + 1,
      eventId: 'forged-look',
      problem: 'is dated before the event before it',
    });
    expect(findings).toContainEqual({
      chainId: '',
      seq: 0,
      eventId: 'plain-insert',
      problem: 'its subject and actor belong to another chain',
    });
  });

  it('refuses to update or delete an audit event by plain SQL', async () => {
    await look();
    const [event] = await chainOf(t.db, s.owner.id);
    await expect(
      sql`update audit_events set action = 'report.viewed' where id = ${event?.id}`.execute(
        t.db.kysely,
      ),
    ).rejects.toThrow(/audit events are never changed/);
    await expect(
      sql`delete from audit_events where id = ${event?.id}`.execute(t.db.kysely),
    ).rejects.toThrow(/audit events are removed only with their account/);
    if (dialect === 'postgres') {
      await expect(sql`truncate audit_events`.execute(t.db.kysely)).rejects.toThrow(
        /removed only with their account/,
      );
    }
    expect((await chainOf(t.db, s.owner.id))[0]).toEqual(event);
    expect((await verify()).findings).toEqual([]);
  });

  it('an account’s deletion removes its chain whole; the deletion links on, and every chain verifies', async () => {
    await aNormalLog();
    const doctorsLooks = (await chainOf(t.db, s.owner.id)).length;
    expect(doctorsLooks).toBeGreaterThan(15);
    const before = await chainOf(t.db, s.linkedDoctor.id);
    const deleted = await callAs(t, s.linkedDoctor, 'DELETE', '/api/v1/me', {
      password: s.linkedDoctor.password,
    });
    expect(deleted.statusCode).toBe(204);
    // The doctor's looks stay in the patient's chain; the doctor's own chain is gone but the deletion.
    expect(await chainOf(t.db, s.owner.id)).toHaveLength(doctorsLooks);
    const after = await chainOf(t.db, s.linkedDoctor.id);
    expect(after.map((e) => [e.action, e.seq, e.prev_hash])).toEqual([
      ['account.deleted', before.length + 1, before.at(-1)?.hash],
    ]);
    expect((await verify()).findings).toEqual([]);
    // What the deletion left is kept like any other event.
    await expect(
      sql`delete from audit_events where id = ${after[0]?.id}`.execute(t.db.kysely),
    ).rejects.toThrow(/removed only with their account/);

    const patient = await callAs(t, s.owner, 'DELETE', '/api/v1/me', {
      password: s.owner.password,
    });
    expect(patient.statusCode).toBe(204);
    expect((await chainOf(t.db, s.owner.id)).map((e) => e.action)).toEqual(['account.deleted']);
    expect((await verify()).findings).toEqual([]);
  });

  it('finds a chain erased while its account still exists', async () => {
    await look();
    const chain = await chainOf(t.db, s.owner.id);
    await t.db.kysely
      .insertInto('audit_erasures')
      .values({
        chain_id: s.owner.id,
        through_seq: chain.length,
        through_hash: chain.at(-1)?.hash ?? '',
        erased_at: new Date().toISOString(),
      })
      .execute();
    await t.db.kysely.deleteFrom('audit_events').where('chain_id', '=', s.owner.id).execute();
    expect((await verify()).findings).toEqual([
      {
        chainId: s.owner.id,
        seq: 1,
        eventId: null,
        problem: `events 1–${String(chain.length)} were erased, but the account was not deleted`,
      },
    ]);
  });

  it('a backup restored into an empty database verifies whole', async () => {
    await aNormalLog();
    const dir = mkdtempSync(path.join(tmpdir(), 'tend-chain-backup-'));
    const tools = { pgDump: 'pg_dump', pgRestore: 'pg_restore' };
    const { database: target, drop: dropTarget } = await emptyRestoreTarget(
      t.database.kind,
      dir,
      t.database.kind === 'postgres' ? t.database.searchPath : undefined,
    );
    const restored = createDb(target);
    try {
      const file = path.join(dir, 'tend.backup');
      await writeBackup({ database: t.database, backup: tools }, file);
      await restoreBackup({ database: target, backup: tools }, file);
      const report = await verifyAuditChains(restored);
      expect(report.findings).toEqual([]);
      expect(report).toEqual(await verify());
      // The guards came back with it.
      await expect(
        sql`update audit_events set action = 'report.viewed'`.execute(restored.kysely),
      ).rejects.toThrow(/never changed/);
    } finally {
      await restored.close();
      await dropTarget();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDialects().includes('postgres'))('two instances on one PostgreSQL', () => {
  it('never fork a chain when both record looks at one patient at once', async () => {
    const both = await createTwoInstances('postgres');
    try {
      const s = await careScenario(both.a);
      const looks = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          callAs(
            i % 2 === 0 ? both.a : both.b,
            s.linkedDoctor,
            'GET',
            `/api/v1/trackmedications/${s.owner.id}`,
          ),
        ),
      );
      expect(looks.map((r) => r.statusCode)).toEqual(Array<number>(40).fill(200));
      const chain = await chainOf(both.a.db, s.owner.id);
      expect(chain.filter((e) => e.action === 'medications.viewed')).toHaveLength(40);
      expect(chain.map((e) => e.seq)).toEqual(chain.map((_, i) => i + 1));
      expect((await verifyAuditChains(both.db)).findings).toEqual([]);
    } finally {
      await both.close();
    }
  });
});
