/**
 * Message catalogs as i18next reads them (the web app's per feature, the API's for emails, PDFs and
 * calendar feeds): nested objects of strings, in English and in Spanish, that must match key for
 * key and placeholder for placeholder. These walk them, for the checks that they do.
 */
export type Catalog = { [key: string]: string | Catalog };

/** Every string of a catalog by its dotted key ("checklist.progress"). */
export function catalogLeaves(catalog: Catalog, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of catalogLeaves(value, path)) found.set(inner, text);
  }
  return found;
}

/** The {{placeholders}} a string fills in, sorted: a translation must fill in the same. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}
