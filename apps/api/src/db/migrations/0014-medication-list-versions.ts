import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A number on each person that changes whenever anything their medication list shows changes: a
 * medication added, edited or deleted, a dose ticked or unticked. The database keeps it by
 * triggers, so no write path — a route, a reminder's Taken button, an account deletion, a future
 * one — can forget to. The list is kept in memory per version (modules/medications/list-cache.ts)
 * and each request asks only for this number (docs/decisions/017).
 */
// Each kind of write, and which of the trigger's row images names the person (the old one on delete).
const WRITES = [
  ['insert', 'new'],
  ['update', 'new'],
  ['delete', 'old'],
] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('medications_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const bump = (patient: string) =>
    `update users set medications_version = medications_version + 1 where id = ${patient}`;
  const patientOfDose = (row: 'new' | 'old') =>
    `(select patient_id from medications where id = ${row}.medication_id)`;

  if (dialect === 'sqlite') {
    // SQLite triggers take one event each and have no procedural language.
    for (const [event, row] of WRITES) {
      await sql
        .raw(
          `create trigger medications_${event}_list_version after ${event} on medications ` +
            `begin ${bump(`${row}.patient_id`)}; end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger doses_${event}_list_version after ${event} on doses ` +
            `begin ${bump(patientOfDose(row))}; end`,
        )
        .execute(db);
    }
    return;
  }

  // PostgreSQL: one update per statement, not per row (a bulk insert of thousands of rows would
  // otherwise update the person's row thousands of times in one transaction). A trigger with a
  // transition table takes one event, hence three per table; `changed` holds the rows it touched.
  const functions = {
    medications_list_version: bump('any (select patient_id from changed)'),
    doses_list_version: bump(
      'any (select patient_id from medications where id in (select medication_id from changed))',
    ),
  };
  for (const [name, body] of Object.entries(functions)) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`,
      )
      .execute(db);
  }
  for (const table of ['medications', 'doses'] as const) {
    for (const [event, rows] of WRITES) {
      await sql
        .raw(
          `create trigger ${table}_${event}_list_version after ${event} on ${table} ` +
            `referencing ${rows} table as changed for each statement execute function ${table}_list_version()`,
        )
        .execute(db);
    }
  }
}
