/**
 * npm run build: the production web app in apps/web/dist, in three Vite builds and one step of
 * our own (docs/decisions/014-lean-first-load.md):
 *  1. the app (index.html → main.tsx), every page but the landing page;
 *  2. the landing page's own entry (landing.html → landing-main.tsx), in a build of its own so it
 *     shares no chunk with the app: a shared chunk would carry the app's router and query cache
 *     into the landing page's first download;
 *  3. the landing page for Node (landing-server.tsx), into a scratch folder under node_modules
 *     (there its imports of react and the rest resolve as they do for the app);
 *  4. the landing page rendered to HTML into the landing entry's page, written as index.html (what
 *     / serves); the app's page becomes app.html (what every other page path serves).
 * Vite leaves brotli and gzip copies beside every asset; step 4 makes them for the two pages.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type InlineConfig } from 'vite';

const webRoot = path.join(import.meta.dirname, '../apps/web');
const dist = path.join(webRoot, 'dist');
const PLACEHOLDER = '<!--landing-html-->';

const viteBuild = (config: InlineConfig) =>
  build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), ...config });

/** Writes a page with the compressed copies the server sends to browsers that accept them. */
function writePage(file: string, html: string) {
  writeFileSync(file, html);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
}

async function main() {
  await viteBuild({ build: { emptyOutDir: true, rollupOptions: { input: 'index.html' } } });
  await viteBuild({ build: { emptyOutDir: false, rollupOptions: { input: 'landing.html' } } });

  const ssrDir = path.join(webRoot, 'node_modules/.cache/tend-prerender');
  try {
    await viteBuild({
      logLevel: 'warn',
      build: { ssr: 'src/landing-server.tsx', outDir: ssrDir, emptyOutDir: true },
    });
    const server = (await import(pathToFileURL(path.join(ssrDir, 'landing-server.js')).href)) as {
      renderLanding: () => Promise<string>;
    };
    const template = readFileSync(path.join(dist, 'landing.html'), 'utf8');
    if (!template.includes(PLACEHOLDER)) throw new Error(`landing.html lost its ${PLACEHOLDER}`);
    const page = template.replace(PLACEHOLDER, await server.renderLanding());

    renameSync(path.join(dist, 'index.html'), path.join(dist, 'app.html'));
    writePage(path.join(dist, 'app.html'), readFileSync(path.join(dist, 'app.html'), 'utf8'));
    writePage(path.join(dist, 'index.html'), page);
    rmSync(path.join(dist, 'landing.html'));
    console.log(
      'Prerendered the landing page into dist/index.html; the app shell is dist/app.html.',
    );
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

await main();
