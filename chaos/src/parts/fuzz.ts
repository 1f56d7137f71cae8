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
import { freshDatabase } from '../postgres.ts';
import type { PartResult } from '../report.ts';
import { newDataDir } from '../server.ts';

const BATCH = 250;

export interface FuzzOptions {
  requests: number;
  seed: number;
  postgresAdminUrl?: string;
}

function describe(request: FuzzRequest, resolved: string): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body ${typeof request.payload === 'string' ? JSON.stringify(request.payload.slice(0, 200)) : `<${request.payload.length} bytes>`}${(request.payload.length ?? 0) > 200 ? '…' : ''}`;
  const headers = Object.keys(request.headers).length
    ? ` headers ${JSON.stringify(request.headers).slice(0, 200)}`
    : '';
  return `${request.method} ${resolved.slice(0, 300)} as ${request.actor} (${request.mutation})${headers}${payload}`;
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
    const misses = { serverErrors: 0, notErrorShape: 0, changedData: 0 };
    const failures: string[] = [];
    const seen = new Set<string>();
    // The first offending request of each kind of miss (status, route, what was wrong) is described.
    const miss = (
      kind: keyof typeof misses,
      request: FuzzRequest,
      status: number,
      line: string,
    ) => {
      misses[kind] += 1;
      const signature = `${kind} ${status} ${request.route} ${request.mutation}`;
      if (!seen.has(signature) && failures.length < 12) failures.push(line);
      seen.add(signature);
    };
    let before = await fingerprint.take();
    let sent = 0;

    for (let batch = 0; sent < requests; batch++) {
      const size = Math.min(BATCH, requests - sent);
      for (const request of fc.sample(arbitrary, { numRuns: size, seed: seed + batch })) {
        sent += 1;
        perRoute.set(request.route, (perRoute.get(request.route) ?? 0) + 1);
        const url = fixtures.resolve(request.url);
        const headers: Record<string, string> = {};
        if (request.actor !== 'anonymous') {
          const actor = request.actor === 'patient' ? fixtures.patient : fixtures.doctor;
          headers.authorization = `Bearer ${actor.token}`;
        }
        for (const [name, value] of Object.entries(request.headers))
          headers[name] = fixtures.resolve(value);
        const payload =
          typeof request.payload === 'string' ? fixtures.resolve(request.payload) : request.payload;
        const res = await tend.app.inject({
          method: request.method,
          url,
          headers,
          ...(payload === undefined ? {} : { payload }),
          remoteAddress: request.remoteAddress,
        });
        const status = res.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const what = () => describe(request, url);

        if (status >= 500) {
          const logged = tend.recentErrors().at(-1) ?? '(nothing logged)';
          miss(
            'serverErrors',
            request,
            status,
            `${status} for ${what()}: ${res.body.slice(0, 200)}; log: ${logged.slice(0, 400)}`,
          );
        }
        if (status >= 400) {
          let body: unknown;
          try {
            body = JSON.parse(res.body);
          } catch {
            body = undefined;
          }
          const retryAfterMissing = status === 429 && !res.headers['retry-after'];
          if (!isErrorShape(body) || retryAfterMissing) {
            miss(
              'notErrorShape',
              request,
              status,
              `${status} not in the error shape${retryAfterMissing ? ' (no Retry-After)' : ''} for ${what()}: ${res.body.slice(0, 200)}`,
            );
          }
          if (await fingerprint.mayHaveChanged()) {
            const after = await fingerprint.take();
            const changed = changedTables(before, after);
            if (changed.length > 0)
              miss(
                'changedData',
                request,
                status,
                `${status} changed ${changed.join(', ')} for ${what()}`,
              );
            before = after;
          }
        } else {
          if (request.method !== 'GET') await fixtures.ensure();
          before = await fingerprint.take();
        }
      }
    }

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
        ['5xx', misses.serverErrors],
        ['not in error shape', misses.notErrorShape],
        ['data changed by a refusal', misses.changedData],
      ],
      failures,
    };
  } finally {
    await fingerprint.close();
    await tend.close();
  }
}
