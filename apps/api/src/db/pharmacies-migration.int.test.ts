import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databasesBeforeMigration } from '../../test/database-before-migration.ts';
import { testDialects, type TestDatabase } from '../../test/helper.ts';
import { migrateToLatest } from './migrate.ts';

const MIGRATION = '0018-pharmacies';

describe.each(testDialects())(`migration ${MIGRATION} on %s`, (dialect) => {
  const migrateToJustBefore = databasesBeforeMigration(dialect, MIGRATION);
  let testDb: TestDatabase;

  const insertUser = (id: string, userType: string) => {
    const now = new Date().toISOString();
    return sql`insert into users (id, email, email_normalized, password_hash, user_type, firstname,
      lastname, created_at, updated_at) values (${id}, ${`${id}@b.co`}, ${`${id}@b.co`}, 'x',
      ${userType}, 'A', 'B', ${now}, ${now})`.execute(testDb.db.kysely);
  };
  const insertMedication = (id: string, patientId: string) => {
    const now = new Date().toISOString();
    return sql`insert into medications (id, patient_id, name, startdate, timefrequency,
      created_at, updated_at) values (${id}, ${patientId}, 'M', '2026-11-01', 'day', ${now},
      ${now})`.execute(testDb.db.kysely);
  };

  it('keeps every person and what refers to them, and admits pharmacies and nobody else', async () => {
    testDb = await migrateToJustBefore();
    const k = testDb.db.kysely;
    await insertUser('p1', 'patient');
    await insertUser('d1', 'doctor');
    await insertMedication('m1', 'p1');
    await sql`insert into care_links (id, patient_id, doctor_id, created_at)
      values ('l1', 'p1', 'd1', ${new Date().toISOString()})`.execute(k);

    await migrateToLatest(testDb.db);

    const people = await k.selectFrom('users').select(['id', 'user_type']).orderBy('id').execute();
    expect(people).toEqual([
      { id: 'd1', user_type: 'doctor' },
      { id: 'p1', user_type: 'patient' },
    ]);
    expect(await k.selectFrom('care_links').select('id').execute()).toEqual([{ id: 'l1' }]);
    await insertUser('f1', 'pharmacy');
    await expect(insertUser('n1', 'nurse')).rejects.toThrow();
    // The medication list's version is still kept by its triggers on users.
    await insertMedication('m2', 'p1');
    const version = await k
      .selectFrom('users')
      .select('medications_version')
      .where('id', '=', 'p1')
      .executeTakeFirstOrThrow();
    expect(Number(version.medications_version)).toBeGreaterThan(0);
    // Foreign keys still hold and still cascade.
    await expect(insertMedication('m3', 'nobody')).rejects.toThrow();
    await k.deleteFrom('users').where('id', '=', 'p1').execute();
    expect(await k.selectFrom('medications').select('id').execute()).toEqual([]);
    expect(await k.selectFrom('care_links').select('id').execute()).toEqual([]);
  });
});
