/**
 * A fingerprint of every table, taken over a connection of our own (as any other client would see
 * the committed data), to tell whether a refused request changed anything.
 */
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

/**
 * Bookkeeping a refused request is meant to write: the shared rate-limit and failed-sign-in
 * counters, the audit record of a failed sign-in (and the head of the audit chain it extends:
 * migration 0025), and on PostgreSQL the count its commit moves (change_stamp: migration 0023; any
 * other write it counts shows in its own table). Everything else must stay as it was.
 */
const COUNTER_TABLES = new Set(['counters', 'change_stamp', 'audit_chain_heads']);
const REFUSAL_AUDIT_ACTIONS = ['auth.sign_in_failed'];
const MIGRATION_TABLES = /^kysely_/;

export type Fingerprint = Map<string, string>;

export interface Fingerprinter {
  /** Cheap: false only when nothing at all was committed since the last take(). */
  mayHaveChanged(): Promise<boolean>;
  take(): Promise<Fingerprint>;
  close(): Promise<void>;
}

/** The tables whose fingerprints differ, or an empty list. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

function watched(table: string): boolean {
  return !COUNTER_TABLES.has(table) && !MIGRATION_TABLES.test(table);
}

export function sqliteFingerprinter(file: string): Fingerprinter {
  const database = new DatabaseSync(file, { readOnly: true });
  const version = database.prepare('pragma data_version');
  let lastVersion: unknown;
  const tables = () =>
    (
      database
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .all() as { name: string }[]
    )
      .map((row) => row.name)
      .filter(watched);
  return {
    // data_version changes on this connection whenever another connection commits.
    async mayHaveChanged() {
      return version.get()?.data_version !== lastVersion;
    },
    async take() {
      lastVersion = version.get()?.data_version;
      const result: Fingerprint = new Map();
      for (const table of tables()) {
        const filter =
          table === 'audit_events'
            ? ` where action not in (${REFUSAL_AUDIT_ACTIONS.map((a) => `'${a}'`).join(', ')})`
            : '';
        const hash = createHash('sha256');
        for (const row of database.prepare(`select * from "${table}"${filter}`).all()) {
          for (const value of Object.values(row)) {
            hash.update(value instanceof Uint8Array ? value : `${typeof value}:${String(value)}`);
            hash.update('\u0001');
          }
          hash.update('\u0002');
        }
        result.set(table, hash.digest('hex'));
      }
      return result;
    },
    async close() {
      database.close();
    },
  };
}

export async function postgresFingerprinter(url: string): Promise<Fingerprinter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
  );
  const tables = rows.map((row) => row.table_name).filter(watched);
  // One round trip for all tables: rows in a stable order, hashed by the server.
  const query = tables
    .map((table) => {
      const filter =
        table === 'audit_events'
          ? ` where action not in (${REFUSAL_AUDIT_ACTIONS.map((a) => `'${a}'`).join(', ')})`
          : '';
      return `select '${table}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${table}" t${filter}`;
    })
    .join(' union all ');
  // The next transaction id of the whole server: it moves whenever any transaction writes, so while
  // it stands still nothing can have changed (the app commits before it answers).
  const nextXid = async () =>
    (await client.query<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x'))
      .rows[0]?.x;
  let lastXid: string | undefined;
  return {
    async mayHaveChanged() {
      return (await nextXid()) !== lastXid;
    },
    async take() {
      lastXid = await nextXid();
      const result = await client.query<{ name: string; hash: string }>(query);
      return new Map(result.rows.map((row) => [row.name, row.hash]));
    },
    async close() {
      await client.end();
    },
  };
}
