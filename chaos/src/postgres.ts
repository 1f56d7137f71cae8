import pg from 'pg';
import { createFreshDatabase } from '../../scripts/lib/postgres-database.ts';
import { defer } from '../../scripts/lib/cleanup.ts';

/** Where the PostgreSQL parts run (a server on which they may create and drop databases). */
export function postgresUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.TEST_DATABASE_URL || undefined;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export const POSTGRES_SKIPPED =
  'TEST_DATABASE_URL is not set to a postgres:// URL (e.g. postgres://postgres@127.0.0.1:5432/test)';

/** A fresh database on the TEST_DATABASE_URL server for one part, dropped when the run cleans up. */
export async function freshDatabase(adminUrl: string, part: string): Promise<string> {
  const database = await createFreshDatabase(adminUrl, `chaos_${part.replaceAll('-', '_')}`);
  defer(() => database.drop());
  return database.url;
}

/** Runs a function with one short-lived connection. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
