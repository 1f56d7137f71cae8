import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

function waitWords(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (ms < 60_000) return `${Math.max(1, Math.ceil(ms / 1000))} seconds`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Limits are opt-in per route (config.rateLimit). Counters live in this process: Tend runs as one
 * process, and the embedded default has no Redis to share them through.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder(_request, context) {
      const error = new Error(
        `Too many requests. Please wait ${waitWords(context.ttl)} and try again.`,
      );
      return Object.assign(error, { statusCode: 429 });
    },
  });
}
