import { sql, type Kysely } from 'kysely';

/**
 * Who acted, as they were when they acted: an audit event keeps the actor's name and role, so a
 * patient's access log still says who looked after that person changed their name or deleted their
 * account (audit events have no foreign keys; account deletion keeps the events about others).
 * Existing events take the actor's current name, the best that is known of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of ['actor_firstname', 'actor_lastname', 'actor_role']) {
    await db.schema.alterTable('audit_events').addColumn(column, 'text').execute();
  }
  const actor = (column: string) =>
    sql.raw(`(select ${column} from users where users.id = audit_events.actor_id)`);
  await sql`
    update audit_events
    set actor_firstname = ${actor('firstname')},
        actor_lastname = ${actor('lastname')},
        actor_role = ${actor('user_type')}
    where actor_id is not null`.execute(db);
}
