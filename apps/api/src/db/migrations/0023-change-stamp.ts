import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * PostgreSQL's change stamp (docs/decisions/036): a count that moves with every committed write
 * to a table whose rows any answer shows, by any instance, any path, or SQL by hand, so an answer
 * kept under the count read before it was asked is still true while the count is the same. SQLite
 * has its own (its change count and data_version) and needs nothing here.
 *
 * Left out: the audit trail, which a doctor's every look writes and only the access log shows, has
 * a count of its own (the rows after the first 16), so that looks do not make everyone's answers
 * miss; and the rate limits' counters (written by requests, shown by none).
 */
export const TABLES_WITHOUT_CHANGE_STAMP = [
  'audit_events',
  'counters',
  'change_stamp',
  'kysely_migration',
  'kysely_migration_lock',
] as const;

/** Rows of each count: writers on different connections mostly bump different rows. */
const SHARDS = 16;

/**
 * The trigger is deferred to the commit and bumps the count once per transaction (a setting local
 * to it says it is done). At the commit a transaction has taken every other lock it will take, so
 * waiting for a shard's row lock there cannot close a deadlock cycle; and the count becomes
 * visible in the same instant as the rows written beside it.
 */
const countFunction = (name: string, firstShard: number) => `
create function ${name}() returns trigger language plpgsql as $$
begin
  if current_setting('tend.${name}', true) is distinct from 'yes' then
    perform set_config('tend.${name}', 'yes', true);
    update change_stamp set n = n + 1 where shard = ${firstShard} + pg_backend_pid() % ${SHARDS};
  end if;
  return null;
end $$`;

/** The statement that puts the stamp on a table (a later migration's new table needs it too). */
export function changeStampTrigger(table: string): string {
  return (
    `create constraint trigger ${table}_change_stamp after insert or update or delete on ${table} ` +
    `deferrable initially deferred for each row execute function count_change()`
  );
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql
    .raw(
      `create table change_stamp (shard smallint primary key, n bigint not null default 0); ` +
        `insert into change_stamp (shard) select generate_series(0, ${2 * SHARDS - 1})`,
    )
    .execute(db);
  await sql.raw(countFunction('count_change', 0)).execute(db);
  await sql.raw(countFunction('count_audit_change', SHARDS)).execute(db);
  await sql
    .raw(
      `create constraint trigger audit_events_audit_stamp after insert or update or delete on audit_events ` +
        `deferrable initially deferred for each row execute function count_audit_change()`,
    )
    .execute(db);
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const leftOut = new Set<string>(TABLES_WITHOUT_CHANGE_STAMP);
  for (const { name } of tables.rows) {
    if (!leftOut.has(name)) await sql.raw(changeStampTrigger(name)).execute(db);
  }
}
