import { AppError } from './app-error.ts';

/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// No promise that nothing changed: a connection lost just after COMMIT leaves that unknown.
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Tend cannot reach its database at the moment. Please try again in a few seconds.';

// The answer waited for its record (an access-log look, a failed sign-in) to reach the disk, and the
// disk failed: nothing of what was asked is in the answer. Decision 046.
export const LOG_NOT_ON_DISK_MESSAGE =
  'Tend could not save its records to disk, so it did not answer. Please try again in a few seconds.';

/**
 * The database log could not be synced to disk after a COMMIT: whoever waited on that sync is not
 * told "done" (nor shown the data a look records). What was committed is in the database, but not
 * known to be safe from a power cut.
 */
export class LogNotOnDisk extends Error {
  readonly code = 'TEND_LOG_NOT_ON_DISK';

  constructor(cause: unknown) {
    super('the database log could not be synced to disk', { cause });
    this.name = 'LogNotOnDisk';
  }
}

export const DATABASE_BUSY_MESSAGE =
  'Tend’s database is busy at the moment. Nothing was changed; please try again in a few seconds.';

// Socket-level failures: the server is down, restarting, or the network between us is broken.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs of a PostgreSQL that is shutting down, starting up, or out of connection slots
// (class 08 is "connection exception", checked by prefix below).
const POSTGRES_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

// pg and pg-pool report these without a code; the wording is theirs, matched case-insensitively.
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error and is not queryable/i,
  /connection (?:closed|ended) unexpectedly/i,
];

const SQLITE_BUSY = 5;

// PostgreSQL rolled the whole transaction back to break a deadlock or a serialization conflict with
// another one; the same request a moment later goes through.
const POSTGRES_ROLLED_BACK_CODES = new Set(['40P01', '40001']);

type Failure = { code?: unknown; errcode?: unknown; message?: unknown };

/** The error itself, then its causes and, for AggregateError (IPv4 and IPv6 both refused), its parts. */
function* chain(error: unknown, depth = 0): Generator<Failure> {
  if (depth > 5 || typeof error !== 'object' || error === null) return;
  yield error;
  if ('cause' in error) yield* chain(error.cause, depth + 1);
  if (error instanceof AggregateError) {
    for (const part of error.errors) yield* chain(part, depth + 1);
  }
}

function unreachable({ code, message }: Failure): boolean {
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message));
}

/** True when PostgreSQL cannot be reached (down, restarting, connection cut or timed out). */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (const failure of chain(error)) if (unreachable(failure)) return true;
  return false;
}

/**
 * True for SQLITE_BUSY (and its extended codes) once the busy timeout has run out, and for a
 * PostgreSQL transaction rolled back as a deadlock's or a serialization conflict's victim.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (const { code, errcode } of chain(error)) {
    if (typeof code === 'string' && POSTGRES_ROLLED_BACK_CODES.has(code)) return true;
    if (
      code === 'ERR_SQLITE_ERROR' &&
      typeof errcode === 'number' &&
      (errcode & 0xff) === SQLITE_BUSY
    )
      return true;
  }
  return false;
}

/**
 * The 503 a request gets when the database fails it for reasons outside the request. One code for
 * both, so a client needs one rule: wait Retry-After seconds and try again.
 */
export function databaseUnavailableError(error: unknown): AppError | undefined {
  const retryAfterMs = DATABASE_RETRY_AFTER_SECONDS * 1000;
  if ([...chain(error)].some((failure) => failure instanceof LogNotOnDisk))
    return new AppError(503, 'database_unavailable', LOG_NOT_ON_DISK_MESSAGE, undefined, {
      retryAfterMs,
    });
  if (isDatabaseUnreachable(error))
    return new AppError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, undefined, {
      retryAfterMs,
    });
  if (isDatabaseBusy(error))
    return new AppError(503, 'database_unavailable', DATABASE_BUSY_MESSAGE, undefined, {
      retryAfterMs,
    });
  return undefined;
}

/**
 * What a log may say about a database failure: its kind and code, never the driver's `detail`,
 * `where` or parameters, which can quote the row (an email address, a medication name).
 */
export function safeErrorSummary(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const summary: Record<string, string> = {};
  const { name, code, errcode, message } = error as Failure & { name?: unknown };
  if (typeof name === 'string') summary.type = name;
  if (typeof code === 'string') summary.code = code;
  if (typeof errcode === 'number') summary.errcode = String(errcode);
  if (typeof message === 'string') summary.message = message;
  return summary;
}
