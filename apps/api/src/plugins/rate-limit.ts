import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { CounterStore } from '../counters/counter-store.ts';
import { tooManyRequestsMessage } from '../lib/wait-words.ts';

/** The plugin's store contract over Tend's shared counters; each limited route counts under its own name. */
function sharedStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    readonly #namespace: string;

    constructor(_options: unknown, namespace = 'rate:') {
      this.#namespace = namespace;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(this.#namespace + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedRateLimitStore(
        undefined,
        `${this.#namespace}${String(route?.method)} ${String(route?.url)}:`,
      );
    }
  }
  return SharedRateLimitStore;
}

/**
 * Limits are opt-in per route (config.rateLimit). Counters are shared by every instance on one database
 * (or one Redis), so a client cannot multiply its allowance by the number of processes behind the load
 * balancer (docs/decisions/005).
 */
export async function registerRateLimits(app: FastifyInstance, counters: CounterStore) {
  await app.register(rateLimit, {
    global: false,
    store: sharedStore(counters),
    errorResponseBuilder(_request, context) {
      const error = new Error(tooManyRequestsMessage(context.ttl));
      return Object.assign(error, { statusCode: 429 });
    },
  });
}
