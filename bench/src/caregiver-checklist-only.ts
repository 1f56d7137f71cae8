/**
 * Only issue 42's caregiver checklist goal (bench/src/caregiver-checklist.ts):
 * `npx node bench/src/caregiver-checklist-only.ts` (BENCH_CAREGIVER_ROUNDS, BENCH_CAREGIVER_SECONDS
 * shorten it).
 */
import { cleanUpOnSignals, runCleanup } from '../../scripts/lib/cleanup.ts';
import { formatCaregiverChecklist, measureCaregiverChecklist } from './caregiver-checklist.ts';

cleanUpOnSignals();
try {
  console.log(formatCaregiverChecklist(await measureCaregiverChecklist()));
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await runCleanup();
}
