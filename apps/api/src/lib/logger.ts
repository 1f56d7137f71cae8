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
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.email',
  '*.body',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
  };
}
