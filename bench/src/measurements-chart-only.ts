/**
 * Only the measurement chart goal of the bench (bench/src/measurements-chart.ts):
 * `npx node bench/src/measurements-chart-only.ts` (after `npm run build`).
 */
import { cleanUpOnSignals, runCleanup } from '../../scripts/lib/cleanup.ts';
import { formatMeasurementsChart, measureMeasurementsChart } from './measurements-chart.ts';

cleanUpOnSignals();
try {
  console.log(formatMeasurementsChart(await measureMeasurementsChart()));
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await runCleanup();
}
