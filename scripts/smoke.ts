import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createFreshDatabase } from './lib/postgres-database.ts';
import { startTendServer } from './lib/tend-server.ts';

/**
 * Starts the production build the way an operator would and checks it end to end over HTTP:
 * on the embedded SQLite always, and on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
async function check(label: string, env: Record<string, string>) {
  const server = await startTendServer(env);
  try {
    const page = await fetch(`${server.url}/`);
    assert.equal(page.status, 200, 'GET / answers');
    const html = await page.text();
    assert.match(html, /<div id="root">/, 'GET / is the web app');
    assert.match(
      page.headers.get('content-security-policy') ?? '',
      /script-src 'self'/,
      'CSP is sent',
    );
    const entry = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    assert.ok(entry, 'index.html names its entry script');
    const asset = await fetch(new URL(entry, server.url));
    assert.equal(asset.status, 200, 'the entry script is served');
    assert.match(asset.headers.get('cache-control') ?? '', /immutable/, 'hashed assets are cached');
    const brotli = await fetch(new URL(entry, server.url), {
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(brotli.headers.get('content-encoding'), 'br', 'assets are sent brotli-compressed');

    const deep = await fetch(`${server.url}/nope/deeper`);
    assert.equal(deep.status, 200, 'client routes fall back to the app page');
    const appPage = await deep.text();
    assert.match(
      appPage,
      /<div id="root">[\s\S]*>Tend<\/span>/,
      'the app page paints its placeholder before its code runs (decision 024)',
    );
    assert.doesNotMatch(
      appPage,
      /<script(?![^>]*\ssrc=)[^>]*>/,
      'the app page has no inline script',
    );
    const area = await fetch(`${server.url}/patient/daily-medication`, { redirect: 'manual' });
    assert.equal(
      area.headers.get('location'),
      '/sign-in?next=%2Fpatient%2Fdaily-medication',
      'an area page without a session goes to sign-in first',
    );

    const health = await fetch(`${server.url}/api/v1/health`);
    assert.deepEqual(await health.json(), {
      status: 'ok',
      database: { dialect: label, ok: true },
      message: 'Tend and its database are working.',
      // No BACKUP_DIR here: no scheduled backup has been made.
      backup: { lastat: null, lastsize: null },
    });

    const missing = await fetch(`${server.url}/api/v1/nope`);
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { error: { code: string } }).error.code, 'not_found');

    const subscribe = () =>
      fetch(`${server.url}/api/v1/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'smoke@example.org' }),
      });
    // The same answer whether or not the address was already on the list (decision 020).
    const first = await subscribe();
    assert.equal(first.status, 202, 'a subscription is taken');
    const again = await subscribe();
    assert.equal(again.status, 202, 'and answered alike the second time');
    assert.deepEqual(await again.json(), await first.json(), 'with the same body');

    const migrate = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, '../apps/api/src/migrate-cli.ts')],
      {
        env: {
          ...process.env,
          DATA_DIR: server.dataDir,
          NODE_ENV: 'production',
          TOKEN_SECRET: 'x'.repeat(32),
          ...env,
        },
        encoding: 'utf8',
      },
    );
    assert.equal(migrate.status, 0, migrate.stderr);
    assert.match(migrate.stdout, /up to date/, 'npm run migrate finds nothing left to apply');
  } finally {
    const code = await server.stop();
    assert.equal(code, 0, 'SIGTERM shuts the server down cleanly');
  }
  console.log(`smoke (${label}): ok`);
}

await check('sqlite', {});
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const database = await createFreshDatabase(pgUrl, 'tend_smoke');
  try {
    await check('postgres', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
} else {
  console.log('smoke (postgres): skipped — set TEST_DATABASE_URL=postgres://… to include it');
}
