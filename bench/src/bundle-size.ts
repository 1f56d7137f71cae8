import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetGroup {
  gzipBytes: number;
  rawBytes: number;
  /** Relative to the dist directory. */
  files: string[];
}

export type LandingSize =
  { built: false; indexFile: string } | { built: true; js: AssetGroup; css: AssetGroup };

/** Attribute values of every `<tag ...>` in the HTML, in document order. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map((match) =>
    Object.fromEntries(
      [
        ...(match[1] ?? '').matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g),
      ].map((attribute) => [
        (attribute[1] ?? '').toLowerCase(),
        attribute[2] ?? attribute[3] ?? attribute[4] ?? '',
      ]),
    ),
  );
}

/** Maps a URL from index.html to a file under dist; undefined for other origins (not ours to count). */
function localFile(distDir: string, fromFile: string, url: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(url)) return undefined;
  const clean = url.split(/[?#]/)[0] ?? url;
  return clean.startsWith('/')
    ? path.join(distDir, clean)
    : path.resolve(path.dirname(fromFile), clean);
}

// Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; the specifier
// must follow directly or after bindings, so dynamic `import("./x.js")` (lazy routes) never matches.
const STATIC_IMPORT =
  /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?(["'])((?:\.{1,2})?\/[^"']+)\1/g;

/** The entry scripts plus everything they load before running, following static imports. */
function closure(distDir: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const imported = localFile(distDir, file, match[2] ?? '');
      if (imported && existsSync(imported)) queue.push(imported);
    }
  }
  return [...seen];
}

function measure(distDir: string, files: string[]): AssetGroup {
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(file);
    rawBytes += content.length;
    // Per file, as each is a separate response; level 9 approximates what a CDN would serve.
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { gzipBytes, rawBytes, files: files.map((file) => path.relative(distDir, file)) };
}

/** What the browser must download before the landing page can run: its initial JS and CSS. */
export function measureLanding(dist: string): LandingSize {
  // Absolute, so a file reached by two routes (index.html and an import) is counted once.
  const distDir = path.resolve(dist);
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return { built: false, indexFile };
  const html = readFileSync(indexFile, 'utf8');
  const local = (url: string | undefined) => (url ? localFile(distDir, indexFile, url) : undefined);
  const present = (files: (string | undefined)[]) =>
    files.filter((file): file is string => {
      if (file !== undefined && !existsSync(file)) {
        throw new Error(`${indexFile} refers to ${file}, which is missing: rebuild the web app.`);
      }
      return file !== undefined;
    });

  const scripts = tags(html, 'script')
    .filter((attributes) => attributes.type === 'module')
    .map((attributes) => local(attributes.src));
  const links = tags(html, 'link');
  const relIs = (attributes: Record<string, string>, rel: string) =>
    (attributes.rel ?? '').toLowerCase().split(/\s+/).includes(rel);
  const preloads = links.filter((a) => relIs(a, 'modulepreload')).map((a) => local(a.href));
  const styles = links.filter((a) => relIs(a, 'stylesheet')).map((a) => local(a.href));

  return {
    built: true,
    js: measure(distDir, closure(distDir, present([...scripts, ...preloads]))),
    css: measure(distDir, [...new Set(present(styles))]),
  };
}
