import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, Executor, UsersTable } from './schema.ts';

type User = Selectable<UsersTable>;

/** The columns `withPerson` adds: `<prefix>_firstname`, `<prefix>_lastname`, each extra, `<prefix>_avatar_at`. */
export type PersonColumns<P extends string, E extends keyof User, Missing> = {
  [K in 'firstname' | 'lastname' | E as `${P}_${K}`]: User[K] | Missing;
} & { [K in `${P}_avatar_at`]: string | null };

export interface PersonJoin<E extends keyof User, N extends boolean> {
  /** A left join, for an id that may be null: the person's columns are then null. */
  optional?: N;
  /** More of the person's columns, selected as `<prefix>_<column>`. */
  extra?: readonly E[];
}

/**
 * Joins the person whose id `idColumn` holds, with their names and the date of their profile
 * picture (which makes its address), as `<prefix>_firstname`, `<prefix>_lastname` and
 * `<prefix>_avatar_at`. The users row is joined as `<prefix>` and the picture as `<prefix>_avatar`.
 * Every list that shows people with their pictures reads them so: in the one query of the list.
 */
export function withPerson<
  DB,
  TB extends keyof DB,
  O,
  P extends string,
  E extends keyof User = never,
  N extends boolean = false,
>(
  query: SelectQueryBuilder<DB, TB, O>,
  prefix: P,
  idColumn: string,
  { optional, extra = [] }: PersonJoin<E, N> = {},
): SelectQueryBuilder<DB, TB, O & PersonColumns<P, E, N extends true ? null : never>> {
  const person = sql.table('users').as(prefix);
  const avatar = sql.table('avatars').as(`${prefix}_avatar`);
  const id = sql.ref(idColumn);
  // The aliases are the caller's: the joins are typed loosely here, the columns they add exactly.
  const loose = query as unknown as SelectQueryBuilder<Database, keyof Database, object>;
  const userId = sql<boolean>`${sql.ref(`${prefix}.id`)} = ${id}`;
  const withUser = optional
    ? (loose.leftJoin(person, (join) => join.on(userId)) as unknown as typeof loose)
    : (loose.innerJoin(person, (join) => join.on(userId)) as unknown as typeof loose);
  const columns = ['firstname', 'lastname', ...extra].map((column) =>
    sql.ref(`${prefix}.${column}`).as(`${prefix}_${column}`),
  );
  return withUser
    .leftJoin(avatar, (join) =>
      join.on(sql<boolean>`${sql.ref(`${prefix}_avatar.user_id`)} = ${id}`),
    )
    .select([
      ...columns,
      sql.ref(`${prefix}_avatar.updated_at`).as(`${prefix}_avatar_at`),
    ]) as never;
}

/** The picture dates of these people (a bounded list: the people of one page), those who have one. */
export function avatarsOf(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('avatars')
    .select(['user_id', 'updated_at'])
    .where('user_id', 'in', userIds)
    .execute();
}

/** The same as a map: person id → picture date. */
export async function avatarDates(db: Executor, userIds: string[]): Promise<Map<string, string>> {
  return new Map((await avatarsOf(db, userIds)).map((r) => [r.user_id, r.updated_at]));
}

const RECIPIENT_COLUMNS = [
  'id',
  'email',
  'email_normalized',
  'firstname',
  'lastname',
  'language',
  'timezone',
  'user_type',
  'disabled_at',
] as const;

/** Who a notice or an email about them goes to: the few columns every module may read of a person. */
export function recipientOf(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(RECIPIENT_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
}
export type Recipient = NonNullable<Awaited<ReturnType<typeof recipientOf>>>;

/** The same, found by address (compared in lower case, as the users' unique index does). */
export function recipientByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(RECIPIENT_COLUMNS)
    .where('email_normalized', '=', email.toLowerCase())
    .executeTakeFirst();
}
