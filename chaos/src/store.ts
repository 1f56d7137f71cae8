import { DatabaseSync } from 'node:sqlite';
import { withClient } from './postgres.ts';

/** Read-only queries against what a Tend database holds, to check it after the fact. */
export interface Store {
  rows<T>(query: string): Promise<T[]>;
}

export function sqliteStore(file: string): Store {
  return {
    async rows<T>(query: string) {
      const database = new DatabaseSync(file, { readOnly: true });
      try {
        return database.prepare(query).all() as T[];
      } finally {
        database.close();
      }
    },
  };
}

export function postgresStore(url: string): Store {
  return {
    rows: <T>(query: string) =>
      withClient(url, async (client) => (await client.query(query)).rows as T[]),
  };
}

/**
 * Writes that Tend makes in one transaction, checked for wholeness: a user without the audit record
 * of their registration, a session without its refresh token, or a medication ticked with a note
 * but without the dose, would each be a write half done.
 */
export async function halfWritten(store: Store): Promise<string[]> {
  const problems: string[] = [];
  const count = async (what: string, query: string) => {
    const [row] = await store.rows<{ n: number | string }>(query);
    const n = Number(row?.n ?? 0);
    if (n > 0) problems.push(`${n} ${what}`);
  };
  await count(
    'users without the audit record of their registration',
    "select count(*) as n from users u where not exists (select 1 from audit_events a where a.actor_id = u.id and a.action = 'account.registered')",
  );
  await count(
    'sessions without a refresh token',
    'select count(*) as n from sessions s where not exists (select 1 from refresh_tokens r where r.session_id = s.id)',
  );
  await count(
    'medications ticked (note) without the dose',
    "select count(*) as n from medications m where m.note like 'ticked %' and not exists (select 1 from doses d where d.medication_id = m.id and d.taken = true)",
  );
  return problems;
}
