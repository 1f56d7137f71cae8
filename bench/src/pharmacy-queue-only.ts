/**
 * Only the pharmacy queue goal of the bench (bench/src/pharmacy-queue.ts), with its own raw
 * node:http baseline: `npx node bench/src/pharmacy-queue-only.ts`.
 */
import os from 'node:os';
import { cleanUpOnSignals, defer, runCleanup } from '../../scripts/lib/cleanup.ts';
import { formatPharmacyQueue, measurePharmacyQueue } from './pharmacy-queue.ts';
import { startBaseline } from './server.ts';

cleanUpOnSignals();
try {
  const load = () => os.loadavg()[0]?.toFixed(1);
  console.log(`load average at start ${load()}`);
  const baseline = await startBaseline();
  defer(() => baseline.stop());
  console.log(formatPharmacyQueue(await measurePharmacyQueue(`${baseline.baseUrl}/`)));
  console.log(`load average at end ${load()}`);
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await runCleanup();
}
