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
  ])('refuses %o with one line naming the variable', (env, expected) => {
    const message = problem(env);
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain('\n');
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
