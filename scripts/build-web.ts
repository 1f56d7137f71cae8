/**
 * npm run build: the production web app in apps/web/dist, in four Vite builds and one step of
 * our own (docs/decisions/014-lean-first-load.md):
 *  1. the app (index.html → main.tsx), every page but the two below when opened directly;
 *  2. the landing page's own entry (landing.html → landing-main.tsx) and
 *  3. the sign-in page's own entry (sign-in.html → sign-in-main.tsx), each in a build of its own
 *     so it shares no chunk with the app: a shared chunk would carry the app's router and query
 *     cache into the page's first download;
 *  4. the pages for Node (prerender.tsx), into a scratch folder under node_modules (there its
 *     imports of react and the rest resolve as they do for the app);
 *  5. the two pages rendered to HTML into their entries' pages: the landing page written as
 *     index.html (what / serves), sign-in as sign-in.html (what /sign-in serves); the app's page,
 *     with a placeholder painted until the app draws (decision 024), becomes app.html (what every
 *     other page path serves), and a copy of it whose boot script also fetches the area's files
 *     becomes app-area.html (what the pages of the three areas serve; decision 029).
 *  6. the service worker (apps/web/sw/), precaching what the checklist needs offline
 *     (scripts/build-service-worker.ts).
 * Between 1 and 2, the boot script (apps/web/src/boot.ts) is built on its own: app.html and
 * app-area.html load it in place of the app's entry, which it starts (decision 044).
 * Vite leaves brotli and gzip copies beside every asset; steps 5 and 6 make them for their files.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANGUAGE_GATE_SCRIPT } from '@tend/shared';
import { build, type InlineConfig, type Manifest } from 'vite';
import { buildServiceWorker, VITE_MANIFEST } from './build-service-worker.ts';
import { APP_CODE_SPLITTING, AREA_CHUNKS } from './lib/app-chunks.ts';
import { withBootScript } from './lib/boot-script.ts';

const webRoot = path.join(import.meta.dirname, '../apps/web');
const dist = path.join(webRoot, 'dist');

interface Renderer {
  renderLanding: () => Promise<string>;
  renderSignIn: () => Promise<string>;
  renderAppPlaceholder: () => Promise<string>;
}

/**
 * The pages with entries of their own: the page Vite built from `template`, the placeholder in it
 * the page's HTML replaces, how prerender.tsx renders that HTML, and the file it is served from.
 */
const OWN_ENTRY_PAGES = [
  {
    template: 'landing.html',
    placeholder: '<!--landing-html-->',
    render: (renderer: Renderer) => renderer.renderLanding(),
    file: 'index.html',
  },
  {
    template: 'sign-in.html',
    placeholder: '<!--sign-in-html-->',
    render: (renderer: Renderer) => renderer.renderSignIn(),
    file: 'sign-in.html',
  },
] as const;

/**
 * Where the landing and sign-in pages take the script that hides them, before anything is painted,
 * when they will be drawn afresh in another language than the English they are rendered in.
 */
const LANGUAGE_GATE = '<!--language-gate-->';

/** Where index.html takes the placeholder the app's page shows until the app has drawn. */
const APP_PLACEHOLDER = '<!--app-placeholder-html-->';

/**
 * The files every area page needs beyond the entry, which the boot script of app-area.html fetches
 * beside the entry instead of after the entry has run and its router has asked for them (decision
 * 029): the area's and the shared kit's files (scripts/lib/app-chunks.ts) and what they import
 * that the entry does not. Their stylesheets are not named: fetched early, they shared the phone
 * line with the entry's own stylesheet and put the first paint off by more than they brought the
 * page forward.
 */
function areaPreloadFiles(manifest: Manifest): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const closure = (start: string) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    visit(start);
    return seen;
  };
  const initial = entryKey ? closure(entryKey) : new Set<string>();
  const area = new Set<string>();
  for (const name of AREA_CHUNKS) {
    const key = Object.keys(manifest).find((k) => manifest[k]?.name === name && !initial.has(k));
    if (!key) throw new Error(`The build made no "${name}" file (scripts/lib/app-chunks.ts)`);
    for (const needed of closure(key)) if (!initial.has(needed)) area.add(needed);
  }
  return [...area].map((key) => `/${manifest[key]?.file ?? ''}`);
}

/** Builds the boot script (apps/web/src/boot.ts) on its own, and answers its file's name. */
async function buildBootScript(): Promise<string> {
  const output = await viteBuild({
    build: {
      emptyOutDir: false,
      copyPublicDir: false,
      modulePreload: { polyfill: false },
      rollupOptions: { input: { boot: 'src/boot.ts' } },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const { output: files } of outputs as {
    output: { type: string; isEntry?: boolean; fileName: string }[];
  }[]) {
    const entry = files.find((file) => file.type === 'chunk' && file.isEntry);
    if (entry) return entry.fileName;
  }
  throw new Error('The boot script was not built');
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
  // The manifest names the area's files to preload (below) and tells the service worker's build
  // which files the app's pages need (step 6, which removes it).
  await viteBuild({
    build: {
      emptyOutDir: true,
      manifest: true,
      rollupOptions: { input: 'index.html', output: { codeSplitting: APP_CODE_SPLITTING } },
    },
  });
  const areaPreloads = areaPreloadFiles(
    JSON.parse(readFileSync(path.join(dist, VITE_MANIFEST), 'utf8')) as Manifest,
  );
  const bootFile = await buildBootScript();
  for (const { template } of OWN_ENTRY_PAGES) {
    await viteBuild({
      build: {
        emptyOutDir: false,
        // Vite's script that makes <link rel="modulepreload"> work in browsers without it (Safari
        // before 17) is left out of these pages' first download: their pages name no such link,
        // and without it a lazy part's own imports are merely fetched when it runs.
        modulePreload: { polyfill: false },
        rollupOptions: {
          input: template,
          // What the page's entry imports, in one file: left to itself the bundler cut out what
          // the entry shares with the page's lazy parts (the landing page's sections below the
          // first screen, the phone menu) into files of their own, each compressed apart, which
          // the entry then waited for anyway.
          output: {
            codeSplitting: {
              groups: [{ name: path.basename(template, '.html'), tags: ['$initial'] }],
            },
          },
        },
      },
    });
  }

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

    // The app's page first: the landing page is written over its name.
    // It paints a placeholder until the app's code has run (decision 024).
    const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
    renameSync(path.join(dist, 'index.html'), path.join(dist, 'app.html'));
    const appPage = fill(
      shell,
      APP_PLACEHOLDER,
      await renderer.renderAppPlaceholder(),
      'index.html',
    );
    writePage(path.join(dist, 'app.html'), withBootScript(appPage, bootFile));
    writePage(path.join(dist, 'app-area.html'), withBootScript(appPage, bootFile, areaPreloads));
    for (const page of OWN_ENTRY_PAGES) {
      const template = readFileSync(path.join(dist, page.template), 'utf8');
      if (page.template !== page.file) rmSync(path.join(dist, page.template));
      writePage(
        path.join(dist, page.file),
        fill(
          fill(template, page.placeholder, await page.render(renderer), page.template),
          LANGUAGE_GATE,
          `<script>${LANGUAGE_GATE_SCRIPT}</script>`,
          page.template,
        ),
      );
    }
    console.log(
      'Prerendered / into dist/index.html and /sign-in into dist/sign-in.html; ' +
        'the app shell for every other page is dist/app.html (dist/app-area.html in the areas).',
    );
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
  await buildServiceWorker(webRoot, dist, [bootFile]);
}

await main();
