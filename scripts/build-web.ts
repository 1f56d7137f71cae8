/**
 * npm run build: the production web app in apps/web/dist, in three Vite builds and one step of
 * our own (docs/decisions/014-lean-first-load.md):
 *  1. the app (index.html → main.tsx), every page but the landing page;
 *  2. the landing page's own entry (landing.html → landing-main.tsx), in a build of its own so it
 *     shares no chunk with the app: a shared chunk would carry the app's router and query cache
 *     into the landing page's first download;
 *  3. the pages for Node (prerender.tsx), into a scratch folder under node_modules (there its
 *     imports of react and the rest resolve as they do for the app);
 *  4. the pages rendered to HTML: the landing page into its entry's page, written as index.html
 *     (what / serves); the app's empty page becomes app.html (what other page paths serve); each
 *     page in PRERENDERED into the app's page as <name>.html (what /<name> serves).
 * Vite leaves brotli and gzip copies beside every asset; step 4 makes them for the pages.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type InlineConfig } from 'vite';

/** App pages people open directly, before signing in: drawn before the app's code has run. */
const PRERENDERED = ['/sign-in'];

const webRoot = path.join(import.meta.dirname, '../apps/web');
const dist = path.join(webRoot, 'dist');
const LANDING_PLACEHOLDER = '<!--landing-html-->';
const EMPTY_ROOT = '<div id="root"></div>';

interface Renderer {
  renderLanding: () => Promise<string>;
  renderAppPage: (pathname: string) => Promise<string>;
}

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

/** `template` with `marker` replaced by `content`; the marker must be there exactly once. */
function fill(template: string, marker: string, content: string, name: string): string {
  const parts = template.split(marker);
  if (parts.length !== 2) throw new Error(`${name} should hold ${marker} once`);
  return parts.join(content);
}

async function main() {
  await viteBuild({ build: { emptyOutDir: true, rollupOptions: { input: 'index.html' } } });
  await viteBuild({ build: { emptyOutDir: false, rollupOptions: { input: 'landing.html' } } });

  const ssrDir = path.join(webRoot, 'node_modules/.cache/tend-prerender');
  try {
    await viteBuild({
      // Only errors: this build imports the landing page both ways on purpose, which Vite notes.
      logLevel: 'error',
      build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
    });
    const renderer = (await import(
      pathToFileURL(path.join(ssrDir, 'prerender.js')).href
    )) as Renderer;

    const landingTemplate = readFileSync(path.join(dist, 'landing.html'), 'utf8');
    const landing = fill(
      landingTemplate,
      LANDING_PLACEHOLDER,
      await renderer.renderLanding(),
      'landing.html',
    );
    const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
    renameSync(path.join(dist, 'index.html'), path.join(dist, 'app.html'));
    writePage(path.join(dist, 'app.html'), shell);
    writePage(path.join(dist, 'index.html'), landing);
    rmSync(path.join(dist, 'landing.html'));
    for (const pathname of PRERENDERED) {
      const html = await renderer.renderAppPage(pathname);
      const page = fill(shell, EMPTY_ROOT, `<div id="root">${html}</div>`, 'index.html');
      writePage(path.join(dist, `${pathname.slice(1)}.html`), page);
    }
    console.log(
      `Prerendered / into dist/index.html and ${PRERENDERED.join(', ')} beside it; ` +
        'the app shell for every other page is dist/app.html.',
    );
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

await main();
