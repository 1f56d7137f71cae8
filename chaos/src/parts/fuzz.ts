/**
 * fuzz: thousands of malformed requests over every route of the OpenAPI document, injected into
 * apps/api's own app as a patient, a doctor and nobody. No answer may be a 5xx, every refusal must
 * have the error shape, and a refused request must leave every table as it was.
 */
import fc from 'fast-check';
import path from 'node:path';
import type { Config } from '../../../apps/api/src/config.ts';
import { buildInProcessApp } from '../fuzz/in-process-app.ts';
import { Fixtures } from '../fuzz/fixtures.ts';
import {
  changedTables,
  postgresFingerprinter,
  sqliteFingerprinter,
  type Fingerprinter,
} from '../fuzz/fingerprint.ts';
import { operationsFrom, requestArbitrary, type FuzzRequest } from '../fuzz/requests.ts';
import { isErrorShape } from '../http.ts';
import { describeRequest, errorCodeOf, Misses } from '../fuzz/misses.ts';
import { freshDatabase } from '../postgres.ts';
import type { PartResult } from '../report.ts';
import { newDataDir } from '../server.ts';

const BATCH = 250;

export interface FuzzOptions {
  requests: number;
  seed: number;
  postgresAdminUrl?: string;
}

/** The actor's bearer token, then the request's own headers (which may replace it). */
function headersFor(request: FuzzRequest, fixtures: Fixtures): Record<string, string> {
  const headers: Record<string, string> = {};
  if (request.actor !== 'anonymous') {
    const actor = request.actor === 'patient' ? fixtures.patient : fixtures.doctor;
    headers.authorization = `Bearer ${actor.token}`;
  }
  for (const [name, value] of Object.entries(request.headers))
    headers[name] = fixtures.resolve(value);
  return headers;
}

export async function runFuzz(
  database: 'sqlite' | 'postgres',
  { requests, seed, postgresAdminUrl }: FuzzOptions,
): Promise<PartResult> {
  const dataDir = newDataDir();
  let config: Config['database'] | undefined;
  let fingerprinter: () => Promise<Fingerprinter>;
  if (database === 'postgres') {
    const url = await freshDatabase(postgresAdminUrl ?? '', 'fuzz');
    config = { kind: 'postgres', url };
    fingerprinter = () => postgresFingerprinter(url);
  } else {
    fingerprinter = async () => sqliteFingerprinter(path.join(dataDir, 'tend.db'));
  }
  const tend = await buildInProcessApp(dataDir, config);
  const fingerprint = await fingerprinter();
  try {
    const operations = operationsFrom(tend.app.swagger());
    const fixtures = new Fixtures(tend.app);
    await fixtures.setUp();
    const arbitrary = requestArbitrary(operations);

    const perRoute = new Map(operations.map((op) => [`${op.method} ${op.path}`, 0]));
    const statuses = new Map<number, number>();
    const misses = new Misses();
    let before = await fingerprint.take();
    let sent = 0;
    const startedAt = performance.now();

    for (let batch = 0; sent < requests; batch++) {
      const size = Math.min(BATCH, requests - sent);
      for (const request of fc.sample(arbitrary, { numRuns: size, seed: seed + batch })) {
        sent += 1;
        perRoute.set(request.route, (perRoute.get(request.route) ?? 0) + 1);
        const url = fixtures.resolve(request.url);
        const res = await tend.app.inject({
          method: request.method,
          url,
          headers: headersFor(request, fixtures),
          ...(request.payload === undefined
            ? {}
            : {
                payload:
                  typeof request.payload === 'string'
                    ? fixtures.resolve(request.payload)
                    : request.payload,
              }),
          remoteAddress: request.remoteAddress,
        });
        const status = res.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const what = () => describeRequest(request, url);
        const code = errorCodeOf(res.body);

        if (status >= 500) {
          const logged = tend.recentErrors().at(-1) ?? '(nothing logged)';
          misses.add(
            'serverErrors',
            status,
            code,
            () => `${status} for ${what()}; logged: ${logged.slice(0, 300)}`,
          );
        }
        if (status < 400) {
          // Accepted: it may have signed an actor out or deleted what the next requests aim at.
          if (request.method !== 'GET') await fixtures.ensure();
          before = await fingerprint.take();
          continue;
        }
        let body: unknown;
        try {
          body = JSON.parse(res.body);
        } catch {
          body = undefined;
        }
        const noRetryAfter = status === 429 && !res.headers['retry-after'];
        if (!isErrorShape(body) || noRetryAfter) {
          misses.add(
            'notErrorShape',
            status,
            code,
            () =>
              `${status} ${noRetryAfter ? 'without Retry-After' : 'not in the error shape'} for ${what()}: ${res.body.slice(0, 160)}`,
          );
        }
        if (await fingerprint.mayHaveChanged()) {
          const after = await fingerprint.take();
          const changed = changedTables(before, after);
          if (changed.length > 0) {
            misses.add(
              'changedData',
              status,
              code,
              () => `${status} ${code} changed ${changed.join(', ')}: ${what()}`,
            );
          }
          before = after;
        }
      }
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const failures = misses.lines();

    const counts = [...perRoute.values()];
    const uncovered = [...perRoute].filter(([, n]) => n === 0).map(([route]) => route);
    if (uncovered.length > 0) failures.push(`routes never fuzzed: ${uncovered.join(', ')}`);
    const byClass = (lo: number, hi: number) =>
      [...statuses].filter(([s]) => s >= lo && s < hi).reduce((sum, [, n]) => sum + n, 0);
    return {
      part: 'fuzz',
      database: database === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      figures: [
        ['requests', sent],
        [
          'routes',
          `${operations.length} (each ${Math.min(...counts)}–${Math.max(...counts)} requests)`,
        ],
        ['seed', seed],
        ['2xx', byClass(200, 300)],
        ['4xx', byClass(400, 500)],
        [
          'statuses',
          [...statuses]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(' '),
        ],
        ['requests/s', Math.round(sent / seconds)],
        ['5xx', misses.counts.serverErrors],
        ['not in the error shape', misses.counts.notErrorShape],
        ['data changed by a refusal', misses.counts.changedData],
      ],
      failures,
    };
  } finally {
    await fingerprint.close();
    await tend.close();
  }
}
