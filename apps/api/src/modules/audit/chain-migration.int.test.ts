import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databasesBeforeMigration } from '../../../test/database-before-migration.ts';
import { testDialects } from '../../../test/helper.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { insertAuditEvents } from './repo.ts';
import { verifyAuditChains } from './verify-chains.ts';

// The migration that chains the events written before the chain existed: what it leaves must be
// what this module's writer links on and its verifier accepts.
const MIGRATION = '0025-audit-hash-chain';

describe.each(testDialects())(`migration ${MIGRATION} on %s`, (dialect) => {
  const migrateToJustBefore = databasesBeforeMigration(dialect, MIGRATION);

  it('chains every existing event in the order it happened, loses none, and later ones link on', async () => {
    const testDb = await migrateToJustBefore();
    const k = testDb.db.kysely;
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
    // Written out of time order, so the order of their ids and of their times differ; more than
    // a page of the migration's walk (1 000 rows) in one chain.
    const rows = [
      { id: 'e-b', actor_id: 'doc', subject_id: 'pat', created_at: at(2) },
      { id: 'e-a', actor_id: 'doc', subject_id: 'pat', created_at: at(1) },
      { id: 'e-c', actor_id: 'doc', subject_id: null, created_at: at(1) },
      { id: 'e-d', actor_id: null, subject_id: null, created_at: at(3) },
      ...Array.from({ length: 1100 }, (_, i) => ({
        id: `many-${String(i).padStart(4, '0')}`,
        actor_id: 'doc',
        subject_id: 'busy',
        created_at: at(10 + (i % 7)),
      })),
    ];
    for (let start = 0; start < rows.length; start += 200) {
      await k
        .insertInto('audit_events')
        .values(
          rows
            .slice(start, start + 200)
            .map((r) => ({ ...r, action: 'medications.viewed', actor_role: 'doctor' as const })),
        )
        .execute();
    }

    await migrateToLatest(testDb.db);

    const chained = await k
      .selectFrom('audit_events')
      .select(['id', 'chain_id', 'seq'])
      .where('chain_id', '!=', 'busy')
      .orderBy('id')
      .execute();
    expect(chained).toEqual([
      { id: 'e-a', chain_id: 'pat', seq: 1 },
      { id: 'e-b', chain_id: 'pat', seq: 2 },
      { id: 'e-c', chain_id: 'doc', seq: 1 },
      { id: 'e-d', chain_id: '', seq: 1 },
    ]);
    const busy = await k
      .selectFrom('audit_events')
      .select(['seq', 'created_at'])
      .where('chain_id', '=', 'busy')
      .orderBy('seq')
      .execute();
    expect(busy).toHaveLength(1100);
    const times = busy.map((r) => new Date(r.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await verifyAuditChains(testDb.db, { pageSize: 300 })).toEqual({
      chains: 4,
      events: 1104,
      findings: [],
    });

    await insertAuditEvents(
      k,
      [{ actorId: 'doc', action: 'patients.listed', subjectId: 'pat' }],
      new Date(),
    );
    const heads = await k.selectFrom('audit_chain_heads').selectAll().orderBy('chain_id').execute();
    expect(heads.map((h) => [h.chain_id, h.seq])).toEqual([
      ['', 1],
      ['busy', 1100],
      ['doc', 1],
      ['pat', 3],
    ]);
    expect((await verifyAuditChains(testDb.db)).findings).toEqual([]);
    await expect(sql`update audit_events set ip = '10.0.0.1'`.execute(k)).rejects.toThrow(
      /never changed/,
    );
  });
});
