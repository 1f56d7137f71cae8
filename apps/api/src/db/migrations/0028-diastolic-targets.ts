import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Blood-pressure targets bound both numbers (DESIGN.md "Health measurements"): `low`/`high` keep
 * bounding the systolic, and these two the diastolic. A target set before this has neither, and a
 * missing end is unbounded, so it keeps meaning what it meant.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('measurement_targets').addColumn('diastolic_low', real).execute();
  await db.schema.alterTable('measurement_targets').addColumn('diastolic_high', real).execute();
}
