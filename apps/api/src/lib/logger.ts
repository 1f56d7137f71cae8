import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Logger, LoggerOptions } from 'pino';

/**
 * Names whose values are secrets or personal data wherever they turn up: passwords, tokens, the
 * two-step sign-in's challenge, authenticator secret (as text, otpauth address and QR code) and
 * recovery codes (spelled as the schemas in packages/shared spell them), addresses, message bodies.
 */
const SECRET_KEYS = [
  'password',
  'oldPassword',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'challenge',
  'secret',
  'otpauthurl',
  'qr',
  'recoverycode',
  'recoverycodes',
  'email',
  'pendingemail',
  'body',
];

/**
 * Health data, passwords and tokens never reach the logs (DESIGN.md). Request bodies are not
 * logged at all; these paths catch the headers and any object a handler might log by mistake: a
 * body or an answer logged as it is (`log.info(body)`), under a name (`{ answer }`) or inside a
 * request or reply (`{ res: { payload } }`). Pino's `*` stands for one level, so each name is listed
 * at each of those depths.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

const PARAMETER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/**
 * A query string can carry what a person typed (a doctor's name in a directory search), so the log keeps
 * the path and the parameter names, never their values.
 */
export function urlWithoutQueryValues(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return withoutPathSecrets(url);
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.includes('=') ? pair.slice(0, pair.indexOf('=')) : '';
      // Our parameters are short words; anything else may itself be what someone typed.
      return PARAMETER_NAME.test(name) ? `${name}=[redacted]` : '[redacted]';
    });
  return `${withoutPathSecrets(url.slice(0, start))}?${names.join('&')}`;
}

// Paths whose segment after these words is itself a credential (a reminder's Taken / Snooze token).
const SECRET_SEGMENT = /(\/reminders\/)[^/?]+/g;

function withoutPathSecrets(path: string): string {
  return path.replace(SECRET_SEGMENT, '$1[redacted]');
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: urlWithoutQueryValues(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made only when the request logs something at an enabled level. Fastify
 * makes a child logger (binding the request id) for every request, and pino prepares each child's
 * bindings, redaction included, when it is made: at the production level (warn), a request that
 * logs nothing paid for it anyway (~4 % of a small GET's time, measured in docs/decisions/029).
 */
class LazyChildLogger {
  #parent: Logger;
  #bindings: Record<string, unknown>;
  #options: Record<string, unknown>;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Record<string, unknown>, options: object) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options as Record<string, unknown>;
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #at(level: Level, args: unknown[]) {
    if (!this.#parent.isLevelEnabled(level)) return;
    const child = this.#real();
    Reflect.apply(child[level], child, args);
  }

  get level() {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  isLevelEnabled(level: string) {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  child(bindings: Record<string, unknown>, options?: object) {
    return this.#real().child(bindings, options);
  }
  fatal(...args: unknown[]) {
    this.#at('fatal', args);
  }
  error(...args: unknown[]) {
    this.#at('error', args);
  }
  warn(...args: unknown[]) {
    this.#at('warn', args);
  }
  info(...args: unknown[]) {
    this.#at('info', args);
  }
  debug(...args: unknown[]) {
    this.#at('debug', args);
  }
  trace(...args: unknown[]) {
    this.#at('trace', args);
  }
  silent() {}
}

/** Fastify's childLoggerFactory: see LazyChildLogger. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  // Fastify's logger is pino's (app.ts gives it pino options).
  return new LazyChildLogger(logger as Logger, bindings, options);
}
