/**
 * Only issue 23's table of every signed-in route (bench/src/route-table.ts), on SQLite, and on
 * PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server:
 * `npx node bench/src/routes-only.ts` (BENCH_ROUTE_ROUNDS, BENCH_ROUTE_SECONDS shorten it;
 * BENCH_ROUTES=word keeps the GETs whose label holds it; BENCH_ROUTE_DATABASES=postgres, or sqlite,
 * measures on that database only).
 */
import { cleanUpOnSignals, runCleanup } from '../../scripts/lib/cleanup.ts';
import { postgresAdminUrl } from './postgres.ts';
import { formatRouteTable, measureRouteTable } from './route-table.ts';

cleanUpOnSignals();
try {
  const only = process.env.BENCH_ROUTE_DATABASES?.split(',').map((name) => name.trim());
  const wanted = (database: string) => !only || only.includes(database);
  if (wanted('sqlite')) console.log(formatRouteTable(await measureRouteTable('sqlite')));
  if (postgresAdminUrl() && wanted('postgres')) {
    console.log(formatRouteTable(await measureRouteTable('postgres')));
  }
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await runCleanup();
}
