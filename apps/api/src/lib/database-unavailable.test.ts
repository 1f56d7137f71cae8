import { describe, expect, it } from 'vitest';
import {
  databaseUnavailableError,
  isDatabaseBusy,
  isDatabaseUnreachable,
  safeErrorSummary,
} from './database-unavailable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('recognising a database that is away', () => {
  it.each([
    ['ECONNREFUSED', withCode('ECONNREFUSED')],
    ['ECONNRESET', withCode('ECONNRESET')],
    ['ETIMEDOUT', withCode('ETIMEDOUT')],
    [
      'admin shutdown (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['crash shutdown (57P02)', withCode('57P02')],
    ['starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['IPv4 and IPv6 both refused', new AggregateError([withCode('ECONNREFUSED')], '')],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNRESET') })],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
    const answer = databaseUnavailableError(error);
    expect(answer?.statusCode).toBe(503);
    expect(answer?.code).toBe('database_unavailable');
    expect(answer?.retryAfterMs).toBe(5000);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['bad SQL', withCode('42601', 'syntax error')],
    ['a wrong password (a setting, not an outage)', withCode('28P01')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
    expect(databaseUnavailableError(error)).toBeUndefined();
  });

  it('treats SQLITE_BUSY and its extended codes as busy, other SQLite errors not', () => {
    const sqlite = (errcode: number) =>
      Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode });
    expect(isDatabaseBusy(sqlite(5))).toBe(true);
    expect(isDatabaseBusy(sqlite(517))).toBe(true);
    expect(isDatabaseBusy(sqlite(19))).toBe(false);
    expect(databaseUnavailableError(sqlite(5))?.message).toMatch(/busy/);
  });

  it('treats a PostgreSQL deadlock or serialization victim as busy: its transaction was rolled back', () => {
    const postgres = (code: string) => Object.assign(new Error('deadlock detected'), { code });
    expect(isDatabaseBusy(postgres('40P01'))).toBe(true);
    expect(isDatabaseBusy(postgres('40001'))).toBe(true);
    expect(isDatabaseBusy(postgres('23505'))).toBe(false);
    expect(databaseUnavailableError(postgres('40P01'))?.statusCode).toBe(503);
  });

  it('summarises an error for the log without the row values PostgreSQL quotes in detail', () => {
    const error = Object.assign(withCode('23505', 'duplicate key value'), {
      detail: 'Key (email)=(someone@example.org) already exists.',
    });
    const summary = safeErrorSummary(error);
    expect(summary).toEqual({ type: 'Error', code: '23505', message: 'duplicate key value' });
    expect(JSON.stringify(summary)).not.toContain('someone@example.org');
  });
});
