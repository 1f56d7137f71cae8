import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PageRequest } from '@tend/shared';
import { AppError } from './app-error.ts';

export interface Page<Row> {
  rows: Row[];
  nextCursor: string | null;
}

/**
 * A keyset order: the columns a list is sorted by, ending with a unique one (the id) so that every row
 * has exactly one place. One direction for all columns keeps the comparison a single row-value test,
 * which both SQLite and PostgreSQL answer from an index on the same columns.
 */
export interface KeysetOrder<Row> {
  columns: readonly KeyColumn[];
  direction: 'asc' | 'desc';
  /** The row's values of `columns`, in order, as the cursor records them. */
  keyOf(row: Row): string[];
}

/**
 * A sort column and what its cursor value must look like: a client can send any cursor, and a value
 * the database cannot compare (a non-date against a timestamptz, a NUL byte) must be a 400, not a 500.
 */
export interface KeyColumn {
  ref: string;
  kind: 'instant' | 'text';
}
export const instantColumn = (ref: string): KeyColumn => ({ ref, kind: 'instant' });
export const textColumn = (ref: string): KeyColumn => ({ ref, kind: 'text' });

/** The order most lists take: by when each row of `table` was made, then by its id. */
export function byCreation(
  table: string,
  direction: 'asc' | 'desc',
): KeysetOrder<{ id: string; created_at: string }> {
  return byInstantThenId(table, 'created_at', direction);
}

/** By one instant `column` of `table` (when taken, when last active, …), then by its id. */
export function byInstantThenId<Column extends string>(
  table: string,
  column: Column,
  direction: 'asc' | 'desc',
): KeysetOrder<{ id: string } & Record<Column, string>> {
  return {
    columns: [instantColumn(`${table}.${column}`), textColumn(`${table}.id`)],
    direction,
    keyOf: (r) => [r[column], r.id],
  };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function fits(value: unknown, column: KeyColumn): value is string {
  if (typeof value !== 'string' || value.length > 256 || CONTROL_CHARACTERS.test(value)) {
    return false;
  }
  if (column.kind === 'text') return true;
  return ISO_INSTANT.test(value) && new Date(value).toISOString() === value;
}

const badCursor = () =>
  new AppError(
    400,
    'invalid_cursor',
    'This page position is not valid; start again from the first page.',
    { cursor: 'Use the nextCursor of a previous page, or leave it out for the first page.' },
  );

/** The cursor is opaque to clients: base64url of the last row's sort key. */
export function encodeCursor(key: string[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, columns: readonly KeyColumn[]): string[] {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(key) ||
    key.length !== columns.length ||
    !columns.every((column, i) => fits(key[i], column))
  ) {
    throw badCursor();
  }
  return key as string[];
}

/** `(columns) > (cursor key)` (or `<` when descending): the rows after the cursor, in list order. */
export function afterCursor<Row>(
  order: KeysetOrder<Row>,
  cursor: string | undefined,
): Expression<SqlBool> | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor, order.columns);
  const columns = sql.join(order.columns.map((c) => sql.ref(c.ref)));
  const values = sql.join(key.map((v) => sql.val(v)));
  return order.direction === 'asc'
    ? sql<SqlBool>`(${columns}) > (${values})`
    : sql<SqlBool>`(${columns}) < (${values})`;
}

/** How many rows a repo fetches: one more than the page, to learn whether another page follows. */
export const rowsToFetch = (page: PageRequest) => page.limit + 1;

/** Cuts the extra row off and makes the cursor of the page's last row when more follow. */
export function toPage<Key, Row extends Key>(
  rows: Row[],
  page: PageRequest,
  order: KeysetOrder<Key>,
): Page<Row> {
  if (rows.length <= page.limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return { rows: kept, nextCursor: last ? encodeCursor(order.keyOf(last)) : null };
}

/** Narrows a query to one page in keyset order: after the cursor, sorted, one row more than the page. */
export function pageOf<DB, TB extends keyof DB, O, Row>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder<Row>,
  page: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  const after = afterCursor(order, page.cursor);
  let q = after ? query.where(after) : query;
  for (const column of order.columns) q = q.orderBy(sql.ref(column.ref), order.direction);
  return q.limit(rowsToFetch(page));
}
