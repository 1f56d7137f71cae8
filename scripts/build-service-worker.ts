/**
 * The last step of `npm run build` (scripts/build-web.ts): builds the service worker
 * (apps/web/sw/sw.ts) into dist/sw.js and writes into it, with workbox-build, the list of files it
 * precaches so today's checklist opens offline (DESIGN, "Interop and reach"): the app's page
 * (app.html), the manifest and icons, the app's entry with everything it imports, and the code of
 * the pages a patient needs for the checklist (the area's layout, the dashboard, Daily Medication)
 * and of sign-in (where a tab with no session lands, told it is offline), and the Spanish words a
 * page in Spanish fetches before it draws. Other pages' code is
 * kept as it is fetched (sw/offline.ts), so the first download of the site stays what it was.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';

/** The app build's manifest (build.manifest), which maps each source module to its built files. */
export const VITE_MANIFEST = '.vite/manifest.json';

/** Lazy pages whose code the offline checklist needs, by their source module. */
const OFFLINE_MODULES = [
  // The area's layout is in the "area" file (scripts/lib/app-chunks.ts), which these pages import;
  // all of Mantine's styles come with the first page the router loads (decision 029).
  'src/app/all-mantine-styles.ts',
  'src/app/dashboards.tsx',
  'src/features/medications/pages/daily-medication-page.tsx',
  'src/features/auth/pages/sign-in-page.tsx',
  // The Spanish of the shell and of the app's frame, which a page in Spanish fetches before it
  // draws (apps/web/src/i18n/i18n.ts, loadInitialWords); the pages' own words are in their code.
  'src/i18n/locales/es.json',
  'src/components/locales/es.json',
  'src/app/locales/es.json',
];

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/** The built files of the entry and of OFFLINE_MODULES, with every file they import statically. */
export function offlineFiles(manifest: Record<string, Chunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The app's build has no ${key}: update OFFLINE_MODULES`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of OFFLINE_MODULES) visit(key);
  return [...files].sort();
}

/** `pageScripts`: what app.html loads beside the manifest's files (the boot script, decision 044). */
export async function buildServiceWorker(
  webRoot: string,
  dist: string,
  pageScripts: string[],
): Promise<void> {
  const manifestFile = path.join(dist, VITE_MANIFEST);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  rmSync(path.dirname(manifestFile), { recursive: true, force: true });

  // Built into a scratch folder first: workbox-build reads it there and writes dist/sw.js.
  const scratch = path.join(webRoot, 'node_modules/.cache/tend-sw');
  await build({
    root: webRoot,
    configFile: false,
    logLevel: 'warn',
    // Workbox leaves out its logging in a production build.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: scratch,
      emptyOutDir: true,
      copyPublicDir: false,
      lib: { entry: 'sw/sw.ts', formats: ['iife'], name: 'tendWorker', fileName: () => 'sw.js' },
    },
  });

  const swFile = path.join(dist, 'sw.js');
  const { count, size, warnings } = await injectManifest({
    swSrc: path.join(scratch, 'sw.js'),
    swDest: swFile,
    globDirectory: dist,
    globPatterns: [
      'app.html',
      ...pageScripts,
      'manifest.webmanifest',
      'favicon.svg',
      'icons/*.png',
      ...offlineFiles(manifest),
    ],
    // Their names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  rmSync(scratch, { recursive: true, force: true });
  if (warnings.length > 0) throw new Error(`workbox-build: ${warnings.join('; ')}`);

  const worker = readFileSync(swFile);
  writeFileSync(
    `${swFile}.br`,
    brotliCompressSync(worker, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${swFile}.gz`, gzipSync(worker, { level: 9 }));
  console.log(`Built dist/sw.js; it precaches ${count} files (${Math.round(size / 1024)} KiB).`);
}
