import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databasesBeforeMigration } from '../../test/database-before-migration.ts';
import { testDialects } from '../../test/helper.ts';
import { migrateToLatest } from './migrate.ts';

const MIGRATION = '0020-fills-and-renewals';

describe.each(testDialects())(`migration ${MIGRATION} on %s`, (dialect) => {
  const migrateToJustBefore = databasesBeforeMigration(dialect, MIGRATION);

  it('keeps every medication and prescription, the new columns empty', async () => {
    const testDb = await migrateToJustBefore();
    const k = testDb.db.kysely;
    const now = new Date().toISOString();
    for (const [id, type] of [
      ['p1', 'patient'],
      ['d1', 'doctor'],
    ]) {
      await sql`insert into users (id, email, email_normalized, password_hash, user_type, firstname,
        lastname, created_at, updated_at) values (${id}, ${`${id}@b.co`}, ${`${id}@b.co`}, 'x',
        ${type}, 'A', 'B', ${now}, ${now})`.execute(k);
    }
    await sql`insert into medications (id, patient_id, name, startdate, timefrequency, created_at,
      updated_at) values ('m1', 'p1', 'M', '2026-11-01', 'day', ${now}, ${now})`.execute(k);
    await sql`insert into prescriptions (id, code, patient_id, doctor_id, medication_name,
      medication_strength, medication_form, dose_amount_milli, dose_unit, times_of_day, quantity,
      refills, valid_until, expires_at, instructions, status, created_at, updated_at)
      values ('rx1', 'ABCDEFGHJKM', 'p1', 'd1', 'M', '5 mg', 'tablet', 1000, 'tablet', 'day', 30,
      1, '2026-12-31', ${now}, 'Take it.', 'active', ${now}, ${now})`.execute(k);

    await migrateToLatest(testDb.db);

    expect(
      await k.selectFrom('medications').select(['id', 'prescription_id', 'supply']).execute(),
    ).toEqual([{ id: 'm1', prescription_id: null, supply: null }]);
    expect(
      await k
        .selectFrom('prescriptions')
        .select(['id', 'status', 'renewal_status', 'renewed_as_id'])
        .execute(),
    ).toEqual([{ id: 'rx1', status: 'active', renewal_status: null, renewed_as_id: null }]);
    // The checks hold: no negative supply, no unknown renewal status.
    await expect(
      k.updateTable('medications').set({ supply: -1 }).where('id', '=', 'm1').execute(),
    ).rejects.toThrow();
    await expect(
      sql`update prescriptions set renewal_status = 'maybe' where id = 'rx1'`.execute(k),
    ).rejects.toThrow();
  });
});
