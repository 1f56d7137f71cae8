import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX } from '@tend/shared';
import type { HealthSnapshot, HealthStatus } from './status.ts';
import { API_CACHE_CONTROL, HEALTH_SECURITY_HEADERS } from '../../plugins/security-headers.ts';

const HEALTH_URL = `${API_PREFIX}/health`;

/**
 * Load balancers and monitors ask for /api/v1/health many times a second on every instance. A
 * fresh answer (HealthStatus.fresh(), at most a second old) is written straight to the socket with
 * the headers the Fastify route would send, without routing, hooks or a query; anything else —
 * another URL or method, a query string, a stale answer, a server that is closing — goes to
 * Fastify as usual, whose route asks the database and refreshes the answer. Health checks answered
 * here are not in the request log (they would drown it). docs/decisions/017.
 */
export function healthFastPath(status: HealthStatus) {
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
