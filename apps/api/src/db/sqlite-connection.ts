import type { DatabaseSync } from 'node:sqlite';
import {
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  SelectQueryNode,
  UpdateQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import { isDatabaseBusy } from '../lib/database-unavailable.ts';

// A PRAGMA runs outside any open group: inside a transaction some (foreign_keys) do nothing.
const PRAGMA = /^\s*pragma\b/i;
/** Raw SQL that writes, though it may answer rows (RETURNING). */
const RAW_WRITE = /^\s*(?:insert|update|delete|replace)\b/i;

/** A write that answers rows (RETURNING) is still a write: it waits for no group and joins none. */
function writes(compiledQuery: CompiledQuery, reader: boolean): boolean {
  if (!reader) return true;
  const { query, sql } = compiledQuery;
  return (
    InsertQueryNode.is(query) ||
    UpdateQueryNode.is(query) ||
    DeleteQueryNode.is(query) ||
    MergeQueryNode.is(query) ||
    (!SelectQueryNode.is(query) && RAW_WRITE.test(sql))
  );
}

export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Kysely's SqliteConnection, over the adapted (statement-caching) node:sqlite database. */
export function connectionOf(
  raw: DatabaseSync,
  database: SqliteDatabase,
  write: (run: () => unknown) => unknown,
  /** A read refused because another process is recovering the file, tried again. */
  readAgain: (run: () => unknown) => Promise<unknown>,
): DatabaseConnection {
  return {
    async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
      const { sql, parameters } = compiledQuery;
      if (PRAGMA.test(sql)) {
        // Compiled once the open group is committed, and never reused: SQLite decides at compile
        // time that a PRAGMA like foreign_keys does nothing inside a transaction.
        return (await write(() => {
          const pragma = raw.prepare(sql);
          if (pragma.columns().length > 0) return { rows: pragma.all() as R[] };
          pragma.run();
          return { rows: [] };
        })) as QueryResult<R>;
      }
      const statement = database.prepare(sql);
      if (!writes(compiledQuery, statement.reader)) {
        try {
          return { rows: statement.all(parameters) as R[] };
        } catch (error) {
          if (!isDatabaseBusy(error)) throw error;
          return { rows: (await readAgain(() => statement.all(parameters))) as R[] };
        }
      }
      if (statement.reader) {
        return { rows: (await write(() => statement.all(parameters))) as R[] };
      }
      const { changes, lastInsertRowid } = (await write(() => statement.run(parameters))) as {
        changes?: number | bigint;
        lastInsertRowid?: number | bigint;
      };
      return {
        insertId: lastInsertRowid == null ? undefined : BigInt(lastInsertRowid),
        numAffectedRows: changes == null ? undefined : BigInt(changes),
        rows: [],
      };
    },
    async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
      const { sql, parameters, query } = compiledQuery;
      if (!SelectQueryNode.is(query)) {
        throw new Error('SQLite streams only select queries');
      }
      for (const row of database.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
    },
  };
}
