import pg from 'pg';

/** `ci-database.ts create|drop <admin url> <name>`: used by .ci/run, which has no psql guarantee. */
const [action, adminUrl, name] = process.argv.slice(2);
if (!action || !adminUrl || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: ci-database.ts create|drop <postgres admin url> <database name [a-z0-9_]>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
try {
  await client.connect();
  await client.query(
    action === 'create'
      ? `create database ${name}`
      : `drop database if exists ${name} with (force)`,
  );
} catch (error) {
  console.error(
    `Could not ${action} database ${name}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}
