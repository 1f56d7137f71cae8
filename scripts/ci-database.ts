import pg from 'pg';

/**
 * `ci-database.ts create|drop <admin url> <name>`: used by .ci/run, which has no psql guarantee. Drop
 * also drops the databases the integration tests cloned beside it.
 */
const [action, adminUrl, name] = process.argv.slice(2);
if (!action || !adminUrl || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: ci-database.ts create|drop <postgres admin url> <database name [a-z0-9_]>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
try {
  await client.connect();
  if (action === 'create') {
    await client.query(`create database ${name}`);
  } else {
    // The run's database and those the tests made beside it (<name>_tpl_…, <name>_t_…), templates too.
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname = $1 or left(datname, $2) = $3',
      [name, name.length + 1, `${name}_`],
    );
    for (const { datname } of rows) {
      await client.query(`alter database ${datname} is_template false`);
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  }
} catch (error) {
  console.error(
    `Could not ${action} database ${name}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}
