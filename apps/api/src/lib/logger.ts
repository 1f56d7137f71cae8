import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/**
 * Health data, passwords and tokens never reach the logs (DESIGN.md). Request bodies are not
 * logged at all; these paths catch the headers and any object a handler might log by mistake.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.email',
  '*.pendingemail',
  '*.body',
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
