import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_CURRENCY,
  TWO_STEP_ROLES,
  iceServerSchema,
  isCurrencyCode,
  type IceServer,
  type TwoStepRole,
} from '@tend/shared';

/**
 * The only place that reads process.env (DESIGN.md). Everything else receives a Config.
 * A bad value stops start-up with one line naming the variable, so an operator can fix it at once.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export class ConfigError extends Error {}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\/.+/,
      'must be a postgres:// URL (leave it unset to use the embedded SQLite)',
    )
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default(path.join(repoRoot, 'data')),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  SQLITE_SYNCHRONOUS: z
    .enum(['full', 'normal'], { error: 'must be full or normal' })
    .default('full'),
  REDIS_URL: z
    .string()
    .regex(
      /^rediss?:\/\/.+/,
      'must be a redis:// or rediss:// URL (leave it unset to keep counters in the database)',
    )
    .optional(),
  ICE_SERVERS: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL (leave it unset to send no email)')
    .optional(),
  MAIL_FROM: z.string().min(3, 'must be an address such as Tend <tend@example.org>').optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url VAPID public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url VAPID private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/).+/, 'must be a mailto: or https:// address')
    .optional(),
  JOBS_LEASE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .int('must be a whole number of milliseconds from 1000 to 3600000')
    .min(1000, 'must be a whole number of milliseconds from 1000 to 3600000')
    .max(3_600_000, 'must be a whole number of milliseconds from 1000 to 3600000')
    .default(120_000),
  JOBS_POLL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 0 to 600000' })
    .int('must be a whole number of milliseconds from 0 to 600000')
    .min(0, 'must be a whole number of milliseconds from 0 to 600000')
    .max(600_000, 'must be a whole number of milliseconds from 0 to 600000')
    .optional(),
  BACKUP_DIR: z
    .string()
    .min(1, 'must not be empty (leave it unset for no scheduled backups)')
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(7),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours from 1 to 168' })
    .int('must be a whole number of hours from 1 to 168')
    .min(1, 'must be a whole number of hours from 1 to 168')
    .max(168, 'must be a whole number of hours from 1 to 168')
    .default(24),
  PG_DUMP: z.string().min(1, 'must not be empty').default('pg_dump'),
  PG_RESTORE: z.string().min(1, 'must not be empty').default('pg_restore'),
  REQUIRE_TWO_STEP: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((role) => role.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.enum(TWO_STEP_ROLES, {
          error: `must be a comma-separated list of ${TWO_STEP_ROLES.join(', ')} (or unset)`,
        }),
      ),
    )
    .default([]),
  CLINIC_CURRENCY: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .refine(isCurrencyCode, 'must be an ISO 4217 currency code such as EUR, USD or GBP')
    .default(DEFAULT_CURRENCY),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database:
    | { kind: 'sqlite'; file: string; synchronous?: 'full' | 'normal' }
    | { kind: 'postgres'; url: string; searchPath?: string };
  dataDir: string;
  webDistDir: string;
  secrets: { tokenSecret: string };
  logLevel: string;
  trustProxy: boolean;
  /** Where rate-limit and failed-sign-in counters live when not in the database. */
  redis: { url: string; keyPrefix: string } | null;
  /** STUN/TURN servers handed to both browsers of a video visit; none are needed on one network. */
  iceServers: IceServer[];
  /** Where people reach Tend; emails link here. */
  publicUrl: string;
  /** Outgoing email; null sends none (notifications stay in-app). */
  mail: { smtpUrl: string; from: string } | null;
  /** Web Push sender keys and contact; keys null means "generate once and keep in the database". */
  vapid: { keys: { publicKey: string; privateKey: string } | null; subject: string };
  /** How often this instance looks for due jobs; 0 means it runs none (a web-only instance). */
  jobsPollMs: number;
  /** How long a job an instance took stays its own before another may take it over (the first died). */
  jobsLeaseMs: number;
  /** Scheduled backups (dir null: none) and the PostgreSQL programs backup and restore use. */
  backup: {
    dir: string | null;
    keep: number;
    intervalHours: number;
    pgDump: string;
    pgRestore: string;
  };
  /** Roles that must sign in with two steps; their people set it up at their next sign-in. */
  requireTwoStep: readonly TwoStepRole[];
  /** The one currency (ISO 4217) the clinic's fees and payments are in (DESIGN "Money"). */
  currency: string;
}

const ICE_SERVERS_HINT =
  'Invalid configuration: ICE_SERVERS must be a JSON array of ICE servers, each with "urls" (stun:, stuns:, turn: or turns:) and optional "username" and "credential", e.g. [{"urls":"stun:stun.example.org:3478"}].';

const iceUrl = /^(stuns?|turns?):[^\s]+$/i;

/** ICE_SERVERS as RTCPeerConnection takes it; the values are never repeated in the message (a TURN credential is a secret). */
function parseIceServers(value: string | undefined): IceServer[] {
  if (value === undefined || value.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ConfigError(ICE_SERVERS_HINT);
  }
  const parsed = z.array(iceServerSchema).safeParse(json);
  if (!parsed.success) throw new ConfigError(ICE_SERVERS_HINT);
  for (const server of parsed.data) {
    const urls = [server.urls].flat();
    if (!urls.every((url) => iceUrl.test(url))) throw new ConfigError(ICE_SERVERS_HINT);
    const isTurn = urls.some((url) => /^turns?:/i.test(url));
    if (isTurn && (!server.username || !server.credential)) {
      throw new ConfigError(
        'Invalid configuration: ICE_SERVERS lists a TURN server without "username" and "credential".',
      );
    }
  }
  return parsed.data;
}

function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  return `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}.`;
}

/**
 * Development secrets are made once and kept under DATA_DIR (which git ignores), so restarts keep
 * sessions valid. Production must set them explicitly: a secret that lives only on one disk is lost
 * with it.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = z
      .object({ tokenSecret: z.string().min(32) })
      .safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (stored.success) return stored.data.tokenSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const tokenSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ tokenSecret }, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return tokenSecret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(firstProblem(parsed.error));
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, to generate them once).',
    );
  }
  if (e.NODE_ENV === 'production' && !e.TOKEN_SECRET) {
    throw new ConfigError(
      'Invalid configuration: TOKEN_SECRET must be set in production (at least 32 random characters).',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : {
          kind: 'sqlite',
          file: path.join(dataDir, 'tend.db'),
          synchronous: e.SQLITE_SYNCHRONOUS,
        },
    dataDir,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    secrets: { tokenSecret: e.TOKEN_SECRET ?? developmentSecret(dataDir) },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY === 'true',
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: 'tend:' } : null,
    iceServers: parseIceServers(e.ICE_SERVERS),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? 'Tend <tend@localhost>' } : null,
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT ?? 'mailto:tend@localhost',
    },
    // Tests start a runner only where they mean to; everywhere else each instance runs jobs.
    jobsPollMs: e.JOBS_POLL_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    jobsLeaseMs: e.JOBS_LEASE_MS,
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : null,
      keep: e.BACKUP_KEEP,
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      pgDump: e.PG_DUMP,
      pgRestore: e.PG_RESTORE,
    },
    requireTwoStep: [...new Set(e.REQUIRE_TWO_STEP)],
    currency: e.CLINIC_CURRENCY,
  };
}

/** Where the integration suite may create throwaway PostgreSQL schemas; unset means SQLite only. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_DATABASE_URL || undefined;
}

/** A Redis the integration suite may use (under a key prefix per test); unset skips the Redis variants. */
export function testRedisUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_REDIS_URL || undefined;
}
