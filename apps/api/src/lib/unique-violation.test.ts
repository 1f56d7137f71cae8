import { DatabaseSync } from 'node:sqlite';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../plugins/error-handler.ts';
import { AppError } from './app-error.ts';
import { conflictOn, uniqueViolationOf, violates } from './unique-violation.ts';

/** A real refusal from node:sqlite, of a two-column unique key or of a primary key. */
function sqliteRefusal(sqlText: string): Error {
  const db = new DatabaseSync(':memory:');
  db.exec(
    'create table pair (a text, b text, unique (a, b)); create table one (id text primary key)',
  );
  db.exec("insert into pair values ('x', 'y'); insert into one values ('1')");
  try {
    db.exec(sqlText);
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  } finally {
    db.close();
  }
  throw new Error('expected a refusal');
}

/** What `pg` throws for SQLSTATE 23505 (its DatabaseError carries these fields). */
function postgresRefusal(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "pair_key"'), {
    code: '23505',
    table: 'pair',
    constraint: 'pair_key',
    detail: 'Key (a, b)=(someone@example.org, y) already exists.',
  });
}

describe('unique violations, named alike on both databases', () => {
  it('reads table and columns from SQLite (unique key and primary key)', () => {
    expect(uniqueViolationOf(sqliteRefusal("insert into pair values ('x', 'y')"))).toEqual({
      table: 'pair',
      columns: ['a', 'b'],
    });
    expect(uniqueViolationOf(sqliteRefusal("insert into one values ('1')"))).toEqual({
      table: 'one',
      columns: ['id'],
    });
  });

  it('reads table and columns from PostgreSQL, and none of the values', () => {
    const found = uniqueViolationOf(postgresRefusal());
    expect(found).toEqual({ table: 'pair', columns: ['a', 'b'] });
    expect(JSON.stringify(found)).not.toContain('someone@example.org');
  });

  it('is not fooled by other failures', () => {
    expect(uniqueViolationOf(sqliteRefusal('insert into nowhere values (1)'))).toBeUndefined();
    expect(uniqueViolationOf(new Error('UNIQUE constraint failed: pair.a'))).toBeUndefined();
    expect(uniqueViolationOf('23505')).toBeUndefined();
  });

  it('conflictOn turns only the named index into the caller’s 409', async () => {
    const taken = () => new AppError(409, 'taken', 'That is taken.');
    const pair = { table: 'pair', columns: ['b', 'a'] };
    await expect(conflictOn(Promise.reject(postgresRefusal()), pair, taken)).rejects.toBeInstanceOf(
      AppError,
    );
    const other = { table: 'one', columns: ['id'] };
    expect(violates(postgresRefusal(), other)).toBe(false);
    await expect(conflictOn(Promise.reject(postgresRefusal()), other, taken)).rejects.toThrow(
      /duplicate key/,
    );
    await expect(conflictOn(Promise.resolve(7), pair, taken)).resolves.toBe(7);
  });

  it('an unworded violation that reaches the error handler is still a 409 in words, never a 500', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/sqlite', () => Promise.reject(sqliteRefusal("insert into one values ('1')")));
    app.get('/postgres', () => Promise.reject(postgresRefusal()));
    for (const url of ['/sqlite', '/postgres']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: {
          code: 'conflict',
          message: 'Someone changed this at the same moment. Reload and try again.',
        },
      });
    }
    await app.close();
  });
});
