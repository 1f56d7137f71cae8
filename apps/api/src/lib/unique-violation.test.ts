import { describe, expect, it } from 'vitest';
import { postgresRefusal, sqliteRefusal } from '../../test/unique-refusals.ts';
import { AppError } from './app-error.ts';
import { conflictOn, uniqueViolationOf, violates } from './unique-violation.ts';

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
});
