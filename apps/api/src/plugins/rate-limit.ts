import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { tooManyRequestsMessage } from '../lib/wait-words.ts';

/**
 * Limits are opt-in per route (config.rateLimit). Counters live in this process: Tend runs as one
 * process, and the embedded default has no Redis to share them through.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder(_request, context) {
      const error = new Error(tooManyRequestsMessage(context.ttl));
      return Object.assign(error, { statusCode: 429 });
    },
  });
}
