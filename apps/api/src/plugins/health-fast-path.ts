import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX } from '@tend/shared';
import { API_CACHE_CONTROL, HEALTH_SECURITY_HEADERS } from './security-headers.ts';

const HEALTH_URL = `${API_PREFIX}/health`;

/** One health check's answer, as the health module's route would send it. */
export interface HealthSnapshot {
  statusCode: number;
  /** The body as sent. */
  json: string;
  /** Seconds, on a 503 only. */
  retryAfter?: string;
}

/** The health check (modules/health/status.ts), handed in by app.ts. */
export interface FreshHealth {
  /** The last check's answer while it is fresh enough to send again; otherwise undefined. */
  fresh(): HealthSnapshot | undefined;
}

/**
 * Load balancers and monitors ask for /api/v1/health many times a second on every instance. A
 * fresh answer (the health check's fresh(), at most a second old) is written straight to the socket with
 * the headers the Fastify route would send, without routing, hooks or a query; anything else —
 * another URL or method, a query string, a stale answer, a server that is closing — goes to
 * Fastify as usual, whose route asks the database and refreshes the answer. Health checks answered
 * here are not in the request log (they would drown it). docs/decisions/017.
 */
export function healthFastPath(status: FreshHealth) {
  let closing = false;
  // One check's answer is sent many times: its headers are put together once.
  const headers = new WeakMap<HealthSnapshot, Record<string, string | number>>();
  const headersFor = (snapshot: HealthSnapshot) => {
    let made = headers.get(snapshot);
    if (!made) {
      made = {
        ...HEALTH_SECURITY_HEADERS,
        'cache-control': API_CACHE_CONTROL,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(snapshot.json),
        ...(snapshot.retryAfter ? { 'retry-after': snapshot.retryAfter } : {}),
      };
      headers.set(snapshot, made);
    }
    return made;
  };
  return {
    /** Answers and returns true, or returns false for Fastify to handle the request. */
    handle(request: IncomingMessage, response: ServerResponse): boolean {
      if (closing || request.url !== HEALTH_URL || request.method !== 'GET') return false;
      const snapshot = status.fresh();
      if (!snapshot) return false;
      response.writeHead(snapshot.statusCode, headersFor(snapshot));
      response.end(snapshot.json);
      return true;
    },
    /** From here on every request goes to Fastify, which answers 503 while it closes. */
    close(): void {
      closing = true;
    },
  };
}
