import type { RequestSpec } from './load.ts';
import type { TendServer } from './server.ts';

/**
 * What to measure against each started Tend (SQLite, and PostgreSQL when configured). To add one,
 * append to `scenarios`; seed data or log in from setup(), which runs once per app before warm-up.
 */
export interface Scenario extends RequestSpec {
  /** Shown in the report, e.g. 'GET /api/v1/health'. */
  name: string;
  path: string;
  /** Returned headers are sent with every request, e.g. a session cookie. */
  setup?: (app: TendServer) => Promise<{ headers?: Record<string, string> }>;
}

export const scenarios: Scenario[] = [
  // Routing, security headers, response serialization and one database round trip.
  { name: 'GET /api/v1/health', path: '/api/v1/health' },
];
