import { sql, type ColumnDataType, type Expression } from 'kysely';
import type { Dialect } from './database.ts';

type ColumnType = ColumnDataType | Expression<unknown>;

/** Portable column types (DESIGN.md "Database conventions"): each dialect's native type where it has one. */
export function columnTypes(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  return {
    id: 'text' as ColumnType,
    text: 'text' as ColumnType,
    /** Date-only values are YYYY-MM-DD text on both. */
    date: 'text' as ColumnType,
    instant: (isPg ? 'timestamptz' : 'text') as ColumnType,
    boolean: (isPg ? 'boolean' : 'integer') as ColumnType,
    integer: 'integer' as ColumnType,
    bytes: (isPg ? sql`bytea` : 'blob') as ColumnType,
  };
}
