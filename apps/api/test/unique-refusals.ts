import { DatabaseSync } from 'node:sqlite';

/** A real refusal from node:sqlite, of a two-column unique key or of a primary key. */
export function sqliteRefusal(sqlText: string): Error {
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
export function postgresRefusal(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "pair_key"'), {
    code: '23505',
    table: 'pair',
    constraint: 'pair_key',
    detail: 'Key (a, b)=(someone@example.org, y) already exists.',
  });
}
