/**
 * Only the Lighthouse part of the bench, on the build already in apps/web/dist (run
 * `npm run build` first): `node bench/src/lighthouse-only.ts`, with LIGHTHOUSE_ONLY to pick pages
 * and LIGHTHOUSE_REPORTS to keep the full reports (bench/src/lighthouse.ts).
 */
import os from 'node:os';
import { cleanUpOnSignals, runCleanup } from '../../scripts/lib/cleanup.ts';
import { lighthouseSection } from './lighthouse.ts';

cleanUpOnSignals();
try {
  const load = () => os.loadavg()[0]?.toFixed(1);
  console.log(`load average at start ${load()}`);
  console.log(await lighthouseSection());
  console.log(`load average at end ${load()}`);
} finally {
  await runCleanup();
}
