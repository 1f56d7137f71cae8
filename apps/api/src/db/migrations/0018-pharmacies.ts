import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

const OLD_CHECK = "user_type in ('patient', 'doctor')";
const NEW_CHECK = "user_type in ('patient', 'doctor', 'pharmacy')";

/**
 * Pharmacies, the third role (DESIGN.md "Prescriptions and pharmacies"): users.user_type gains
 * 'pharmacy', and each pharmacy keeps its details in a row of its own.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await allowPharmacyUsers(db, dialect);
  const t = columnTypes(dialect);
  // The directory's keys: name and city in lower case without accents, folded by JavaScript (the
  // same on both databases; SQLite's lower() folds only ASCII) and compared byte by byte on both,
  // so the keyset order and a search's prefix range agree on SQLite and PostgreSQL whatever
  // collation the PostgreSQL database was made with.
  const key = dialect === 'postgres' ? sql`text collate "C"` : 'text';
  await db.schema
    .createTable('pharmacies')
    .addColumn('user_id', t.id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('name_key', key, (c) => c.notNull())
    .addColumn('licence_number', t.text, (c) => c.notNull())
    .addColumn('address', t.text, (c) => c.notNull())
    .addColumn('city', t.text, (c) => c.notNull())
    .addColumn('city_key', key, (c) => c.notNull())
    .addColumn('postcode', t.text, (c) => c.notNull())
    .addColumn('country', t.text, (c) => c.notNull())
    .addColumn('phone', t.text, (c) => c.notNull())
    .addColumn('opening_hours', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();
  // Every page of the directory is one range of one of these: by name (and name prefix), or within
  // one city by name (and name prefix); user_id ends the key so every row has one place.
  await db.schema
    .createIndex('pharmacies_name_idx')
    .on('pharmacies')
    .columns(['name_key', 'user_id'])
    .execute();
  await db.schema
    .createIndex('pharmacies_city_name_idx')
    .on('pharmacies')
    .columns(['city_key', 'name_key', 'user_id'])
    .execute();
}

/** Widens the check on users.user_type; the rows stay as they are. */
async function allowPharmacyUsers(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    // The name PostgreSQL gave migration 0002's unnamed column check.
    await sql`alter table users drop constraint users_user_type_check`.execute(db);
    await sql
      .raw(`alter table users add constraint users_user_type_check check (${NEW_CHECK})`)
      .execute(db);
    return;
  }
  // SQLite cannot alter a check: the table is made anew from its own stored definition with the
  // wider check, following SQLite's documented procedure (sqlite.org/lang_altertable.html §7).
  // Foreign keys are off meanwhile, or dropping the old table would cascade into every table
  // that refers to users; legacy renaming leaves those references (and the triggers that update
  // users) naming "users", which is the new table once renamed. Kysely runs SQLite migrations
  // outside a transaction, so the pragma takes effect; the rebuild itself is one transaction.
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  const definition = rows[0]?.sql;
  if (!definition?.includes(OLD_CHECK)) {
    throw new Error('users has no user_type check of migration 0002 to widen');
  }
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'users' and sql is not null`.execute(
    db,
  );
  const created = definition
    .replace(OLD_CHECK, NEW_CHECK)
    .replace(/^create table "?users"?/i, 'create table "users_widened"');
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(created).execute(trx);
      await sql`insert into users_widened select * from users`.execute(trx);
      await sql`drop table users`.execute(trx);
      await sql`alter table users_widened rename to users`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('widening users broke a foreign key');
    });
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
