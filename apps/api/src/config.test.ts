import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const secret = 'x'.repeat(32);

function problem(env: Record<string, string>): string {
  try {
    loadConfig({ TOKEN_SECRET: secret, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
}

describe('loadConfig', () => {
  it('defaults to SQLite under DATA_DIR on port 3000', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-config-'));
    const config = loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: secret });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.join(dataDir, 'tend.db'),
      synchronous: 'full',
    });
  });

  it('uses PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1/tend',
      TOKEN_SECRET: secret,
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1/tend' });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535.'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535.'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL',
    ],
    [
      { TOKEN_SECRET: 'short' },
      'Invalid configuration: TOKEN_SECRET must be at least 32 characters long.',
    ],
    [{ NODE_ENV: 'staging' }, 'Invalid configuration: NODE_ENV'],
    [{ TRUST_PROXY: 'yes' }, 'Invalid configuration: TRUST_PROXY must be true or false.'],
    [{ SMTP_URL: 'http://mail' }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps://'],
    [{ JOBS_POLL_MS: '-1' }, 'Invalid configuration: JOBS_POLL_MS must be a whole number'],
    [{ BACKUP_KEEP: '0' }, 'Invalid configuration: BACKUP_KEEP must be a whole number from 1'],
    [{ BACKUP_INTERVAL_HOURS: '1.5' }, 'Invalid configuration: BACKUP_INTERVAL_HOURS must be'],
    [{ VAPID_PUBLIC_KEY: 'a'.repeat(87) }, 'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_'],
  ])('refuses %o with one line naming the variable', (env, expected) => {
    const message = problem(env);
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('reads mail, Web Push and job settings, with in-app only and generated keys by default', () => {
    const plain = loadConfig({ TOKEN_SECRET: secret, PORT: '4000' });
    expect(plain.mail).toBeNull();
    expect(plain.vapid.keys).toBeNull();
    expect(plain.publicUrl).toBe('http://localhost:4000');
    expect(plain.jobsPollMs).toBe(1000);
    expect(loadConfig({ TOKEN_SECRET: secret, NODE_ENV: 'test' }).jobsPollMs).toBe(0);
    const set = loadConfig({
      TOKEN_SECRET: secret,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Clinic <clinic@example.org>',
      PUBLIC_URL: 'https://tend.example.org/',
      JOBS_POLL_MS: '50',
    });
    expect(set.mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Clinic <clinic@example.org>',
    });
    expect(set.publicUrl).toBe('https://tend.example.org');
    expect(set.jobsPollMs).toBe(50);
    expect(set.jobsLeaseMs).toBe(120_000);
    expect(loadConfig({ TOKEN_SECRET: secret, JOBS_LEASE_MS: '5000' }).jobsLeaseMs).toBe(5000);
  });

  it('reads backup settings: none scheduled by default, pg_dump and pg_restore from PATH', () => {
    expect(loadConfig({ TOKEN_SECRET: secret }).backup).toEqual({
      dir: null,
      keep: 7,
      intervalHours: 24,
      pgDump: 'pg_dump',
      pgRestore: 'pg_restore',
    });
    const set = loadConfig({
      TOKEN_SECRET: secret,
      BACKUP_DIR: '/var/backups/tend',
      BACKUP_KEEP: '30',
      BACKUP_INTERVAL_HOURS: '6',
      PG_DUMP: '/usr/lib/postgresql/16/bin/pg_dump',
      PG_RESTORE: '/usr/lib/postgresql/16/bin/pg_restore',
    });
    expect(set.backup).toEqual({
      dir: '/var/backups/tend',
      keep: 30,
      intervalHours: 6,
      pgDump: '/usr/lib/postgresql/16/bin/pg_dump',
      pgRestore: '/usr/lib/postgresql/16/bin/pg_restore',
    });
  });

  it('reads REQUIRE_TWO_STEP as a list of roles, none by default, and names a wrong one', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-config-'));
    expect(loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: secret }).requireTwoStep).toEqual([]);
    const config = loadConfig({
      DATA_DIR: dataDir,
      TOKEN_SECRET: secret,
      REQUIRE_TWO_STEP: ' Doctor, pharmacy,doctor ',
    });
    expect(config.requireTwoStep).toEqual(['doctor', 'pharmacy']);
    expect(problem({ DATA_DIR: dataDir, REQUIRE_TWO_STEP: 'doctor,nurse' })).toBe(
      'Invalid configuration: REQUIRE_TWO_STEP must be a comma-separated list of patient, doctor, pharmacy (or unset).',
    );
  });

  it('reads CLINIC_CURRENCY as an ISO 4217 code, EUR by default, and names a wrong one', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-config-'));
    expect(loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: secret }).currency).toBe('EUR');
    const env = { DATA_DIR: dataDir, TOKEN_SECRET: secret };
    expect(loadConfig({ ...env, CLINIC_CURRENCY: 'USD' }).currency).toBe('USD');
    expect(loadConfig({ ...env, CLINIC_CURRENCY: ' jpy ' }).currency).toBe('JPY');
    for (const wrong of ['EURO', 'XYZ', '€', '']) {
      expect(problem({ DATA_DIR: dataDir, CLINIC_CURRENCY: wrong })).toBe(
        'Invalid configuration: CLINIC_CURRENCY must be an ISO 4217 currency code such as EUR, USD or GBP.',
      );
    }
  });

  it('requires TOKEN_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /TOKEN_SECRET must be set in production/,
    );
  });

  it('generates a development secret once, private to the owner, and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).secrets.tokenSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).secrets.tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(first);
  });
});
