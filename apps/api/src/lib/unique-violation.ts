import type { AppError } from './app-error.ts';

/** Which unique index refused a row: its table and columns, named alike on both databases. */
export interface UniqueViolation {
  table: string;
  columns: string[];
}

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const PG_UNIQUE_VIOLATION = '23505';

/**
 * The unique index a failed write ran into, or undefined for any other failure. SQLite (node:sqlite)
 * says `UNIQUE constraint failed: care_links.patient_id, care_links.doctor_id`; PostgreSQL gives
 * SQLSTATE 23505 with the table, and the columns at the head of `detail` ("Key (a, b)=(…)"). Only the
 * names are read: the values in `detail` can be personal data and never leave this function.
 */
export function uniqueViolationOf(error: unknown): UniqueViolation | undefined {
  if (!(error instanceof Error)) return undefined;
  const e = error as Error & {
    code?: unknown;
    errcode?: unknown;
    table?: unknown;
    detail?: unknown;
  };
  if (e.errcode === SQLITE_CONSTRAINT_UNIQUE || e.errcode === SQLITE_CONSTRAINT_PRIMARYKEY) {
    const names = /UNIQUE constraint failed: (.+)$/.exec(e.message)?.[1]?.split(', ') ?? [];
    const pairs = names.map((name) => name.split('.'));
    return { table: pairs[0]?.[0] ?? '', columns: pairs.map((p) => p[1] ?? '') };
  }
  if (e.code === PG_UNIQUE_VIOLATION) {
    const columns =
      typeof e.detail === 'string' ? /^Key \((.+?)\)=/.exec(e.detail)?.[1] : undefined;
    return {
      table: typeof e.table === 'string' ? e.table : '',
      columns: columns?.split(', ') ?? [],
    };
  }
  return undefined;
}

/** Whether a failed write ran into this one unique index (table and columns). */
export function violates(error: unknown, index: UniqueViolation): boolean {
  const found = uniqueViolationOf(error);
  return (
    found !== undefined &&
    found.table === index.table &&
    found.columns.length === index.columns.length &&
    index.columns.every((c) => found.columns.includes(c))
  );
}

/**
 * Runs a write (typically a whole transaction) and turns a unique index refusing it into the 409
 * the caller words. This is how a write that may race is made safe without a read-then-write:
 * insert, and let the index decide. A violation of another index, or any other failure, passes on.
 *
 *   await conflictOn(db.kysely.transaction().execute(…), { table: 'users', columns: ['email_normalized'] },
 *     () => new AppError(409, 'email_taken', 'That email address is in use by another account.'));
 */
export async function conflictOn<T>(
  write: Promise<T>,
  index: UniqueViolation,
  conflict: () => AppError,
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (violates(error, index)) throw conflict();
    throw error;
  }
}
