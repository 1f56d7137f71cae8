import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TempDatabase {
  /** The admin URL with the database name swapped for the new one. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Where the PostgreSQL run goes; undefined means skip it. */
export function postgresAdminUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined;
}

/** Host and database only: the URL may carry a password, which must not reach the report. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database per run, so migrations and data never leak between runs. */
export async function createTempDatabase(adminUrl: string): Promise<TempDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      // WITH (FORCE) ends connections a killed app may have left behind.
      await admin(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}
