/**
 * Other patients' medications, written straight into a fresh database before Tend starts on it, so
 * the report can show whether one patient's list slows down as the table grows. Inserting a million
 * rows through the API would take far longer than the measurement itself.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { createDb } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';

/** Sizes of the medications table (other patients only) to measure against, smallest first. */
export const DEFAULT_OTHER_MEDICATIONS = [1_000, 1_000_000];
export const MEDICATIONS_PER_OTHER_PATIENT = 100;
// Ids are zero-padded to this many digits so they sort in insertion order.
const ID_DIGITS = 9;
const MAX_OTHER_MEDICATIONS = 100_000_000;

const INSTANT = '2025-01-01T00:00:00.000Z';
const STARTDATE = '2025-01-01';

export type Store = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface Seeded {
  otherMedications: number;
  otherPatients: number;
  /** Inserting (and on PostgreSQL analyzing) the rows; creating the schema is not counted. */
  seedSeconds: number;
}

/** BENCH_OTHER_MEDICATIONS=1000,1000000: comma-separated, each a whole number (1_000 reads as 1000). */
export function otherMedicationSizes(env: NodeJS.ProcessEnv = process.env): number[] {
  const raw = env.BENCH_OTHER_MEDICATIONS?.trim();
  if (!raw) return DEFAULT_OTHER_MEDICATIONS;
  const sizes = raw.split(',').map((part) => part.trim().replaceAll('_', ''));
  const valid = sizes.every((s) => /^\d+$/.test(s) && Number(s) <= MAX_OTHER_MEDICATIONS);
  if (!valid) {
    throw new Error(
      `BENCH_OTHER_MEDICATIONS must be comma-separated whole numbers up to ` +
        `${MAX_OTHER_MEDICATIONS.toLocaleString('en-US')}, e.g. 1000,1000000 (got "${raw}").`,
    );
  }
  return [...new Set(sizes.map(Number))].sort((a, b) => a - b);
}

/** Where Tend keeps its SQLite database under DATA_DIR (apps/api/src/config.ts). */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'tend.db');
}

function seedSqlite(file: string, patients: number, medications: number): void {
  const database = new DatabaseSync(file);
  try {
    // A recursive CTE counts in SQL, so no row crosses from JavaScript. One statement is one
    // transaction; the foreign keys stay checked (the app turns them on, SQLite's default is off).
    database.exec('PRAGMA foreign_keys = ON');
    const counter =
      'WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < :rows)';
    database
      .prepare(
        `${counter}
         INSERT INTO users (id, email, email_normalized, password_hash, user_type, firstname,
                            lastname, timezone, created_at, updated_at)
         SELECT printf('bench-patient-%0${ID_DIGITS}d', i), printf('other%d@bench.invalid', i),
                printf('other%d@bench.invalid', i), 'x', 'patient', 'Other', printf('Patient %d', i),
                'UTC', :at, :at
         FROM n`,
      )
      .run({ rows: patients, at: INSTANT });
    database
      .prepare(
        `${counter}
         INSERT INTO medications (id, patient_id, name, dosage, startdate, timefrequency,
                                  created_at, updated_at)
         SELECT printf('bench-medication-%0${ID_DIGITS}d', i),
                printf('bench-patient-%0${ID_DIGITS}d', i / :per),
                printf('Medication %d', i % :per + 1), '10 mg', :startdate,
                CASE i % 3 WHEN 0 THEN 'day' WHEN 1 THEN 'afternoon' ELSE 'night' END,
                strftime('%Y-%m-%dT%H:%M:%fZ', :at, printf('+%d seconds', i)),
                strftime('%Y-%m-%dT%H:%M:%fZ', :at, printf('+%d seconds', i))
         FROM n`,
      )
      .run({
        rows: medications,
        per: MEDICATIONS_PER_OTHER_PATIENT,
        startdate: STARTDATE,
        at: INSTANT,
      });
  } finally {
    database.close();
  }
}

async function seedPostgres(url: string, patients: number, medications: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(
      `insert into users (id, email, email_normalized, password_hash, user_type, firstname,
                          lastname, timezone, created_at, updated_at)
       select 'bench-patient-' || lpad(i::text, ${ID_DIGITS}, '0'), 'other' || i || '@bench.invalid',
              'other' || i || '@bench.invalid', 'x', 'patient', 'Other', 'Patient ' || i, 'UTC',
              $2::timestamptz, $2::timestamptz
       from generate_series(0, $1::int - 1) as i`,
      [patients, INSTANT],
    );
    await client.query(
      `insert into medications (id, patient_id, name, dosage, startdate, timefrequency,
                                created_at, updated_at)
       select 'bench-medication-' || lpad(i::text, ${ID_DIGITS}, '0'),
              'bench-patient-' || lpad((i / $2::int)::text, ${ID_DIGITS}, '0'),
              'Medication ' || (i % $2::int + 1), '10 mg', $3::text,
              (array['day', 'afternoon', 'night'])[i % 3 + 1],
              $4::timestamptz + i * interval '1 second', $4::timestamptz + i * interval '1 second'
       from generate_series(0, $1::int - 1) as i`,
      [medications, MEDICATIONS_PER_OTHER_PATIENT, STARTDATE, INSTANT],
    );
    // Autovacuum would gather statistics within a minute in production; do it now so the planner
    // sees the table as it would there.
    await client.query('analyze users, medications');
  } finally {
    await client.end();
  }
}

/**
 * Creates Tend's schema in an empty database (Tend's own migrations, as on start-up), then inserts
 * `otherMedications` medications spread over patients of MEDICATIONS_PER_OTHER_PATIENT each.
 */
export async function seedOtherPatients(store: Store, otherMedications: number): Promise<Seeded> {
  const db = createDb(
    store.kind === 'sqlite'
      ? { kind: 'sqlite', file: sqliteFile(store.dataDir) }
      : { kind: 'postgres', url: store.url },
  );
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  const otherPatients = Math.ceil(otherMedications / MEDICATIONS_PER_OTHER_PATIENT);
  const started = performance.now();
  if (otherMedications > 0) {
    if (store.kind === 'sqlite') {
      seedSqlite(sqliteFile(store.dataDir), otherPatients, otherMedications);
    } else {
      await seedPostgres(store.url, otherPatients, otherMedications);
    }
  }
  return { otherMedications, otherPatients, seedSeconds: (performance.now() - started) / 1000 };
}
