import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite dialect expects a better-sqlite3-shaped database; node:sqlite is built into Node,
 * so nothing native is compiled. This bridges the two small differences: node:sqlite takes no
 * booleans, and a statement is a reader when it returns columns.
 */
function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...parameters.map(toSqlite)),
    run: (parameters) => statement.run(...parameters.map(toSqlite)),
    iterate: (parameters) => statement.iterate(...parameters.map(toSqlite)),
  };
}

// Kysely prepares every query anew; the same few hundred SQL texts recur, so keep them compiled.
const STATEMENT_CACHE_SIZE = 256;

export function adaptNodeSqlite(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (sql) => {
      const cached = cache.get(sql);
      if (cached) return cached;
      const statement = adaptStatement(database.prepare(sql));
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      cache.set(sql, statement);
      return statement;
    },
  };
}
