import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { catalogLeaves, type Catalog } from '@tend/shared';

// The web app's own catalogs (apps/web/src/**/locales/*.json), so a Spanish test finds elements by
// the words a Spanish person reads without copying them here, and can tell English left on a page.

const webSource = fileURLToPath(new URL('../../apps/web/src/', import.meta.url));

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalog;

/**
 * A namespace's catalog. 'common' is the shell's words and the shared components' together, as the
 * app loads them (i18n/common.ts).
 */
function catalog(namespace: string, language: 'en' | 'es'): Catalog {
  const at = (folder: string) => read(path.join(webSource, folder, 'locales', `${language}.json`));
  if (namespace === 'common') return { ...at('i18n'), ...at('components') };
  return at(namespace === 'app' ? 'app' : `features/${namespace}`);
}

/** A Spanish string by namespace and dotted key, with {{values}} filled in. */
export function es(namespace: string, key: string, values: Record<string, string> = {}): string {
  let found: string | Catalog | undefined = catalog(namespace, 'es');
  for (const part of key.split('.')) {
    found = typeof found === 'object' ? found[part] : undefined;
  }
  if (typeof found !== 'string') throw new Error(`no Spanish for ${namespace}:${key}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

let english: string[] | undefined;

/**
 * English sentences of the catalogs that read differently in Spanish: whole phrases (three words or
 * more, nothing to fill in, no markup), so a name or a word both languages share is never taken
 * for one left untranslated.
 */
function englishPhrases(): string[] {
  if (english) return english;
  english = [];
  for (const file of globSync('**/locales/en.json', { cwd: webSource })) {
    const en = catalogLeaves(read(path.join(webSource, file)));
    const spanish = catalogLeaves(read(path.join(webSource, file.replace(/en\.json$/, 'es.json'))));
    for (const [key, text] of en) {
      if (/[{}<>]/.test(text) || text.trim().split(/\s+/).length < 3) continue;
      if (spanish.get(key) === text) continue;
      english.push(text);
    }
  }
  return english;
}

/** The English phrases of the catalogs that the page shows (its text as a person reads it). */
export async function englishOn(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return englishPhrases().filter((phrase) => text.includes(phrase));
}
