import { describe, expect, it } from 'vitest';
import { catalogLeaves, placeholdersOf, type Catalog } from '@tend/shared';

// "A test fails when a string of the web app has no Spanish" (issue 24): every catalog of the web
// app, walked key by key. Strings left in components outside a catalog are caught by the lint rule
// i18next/no-literal-string (eslint.config.js).

const english = import.meta.glob<Catalog>('../**/locales/en.json', {
  eager: true,
  import: 'default',
});
const spanish = import.meta.glob<Catalog>('../**/locales/es.json', {
  eager: true,
  import: 'default',
});

describe('the web app’s message catalogs', () => {
  it('are found', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  for (const [path, catalog] of Object.entries(english)) {
    describe(path, () => {
      const spanishPath = path.replace(/en\.json$/, 'es.json');
      const translation = spanish[spanishPath];

      it('has a Spanish catalog beside it', () => {
        expect(translation, `${spanishPath} is missing`).toBeDefined();
      });

      it('has every English key in Spanish, filling in the same values', () => {
        const spanishLeaves = catalogLeaves(translation ?? {});
        const missing: string[] = [];
        const mismatched: string[] = [];
        for (const [key, text] of catalogLeaves(catalog)) {
          const spanishText = spanishLeaves.get(key);
          if (!spanishText?.trim()) missing.push(key);
          else if (placeholdersOf(spanishText).join() !== placeholdersOf(text).join())
            mismatched.push(key);
        }
        expect(missing, 'keys with no Spanish').toEqual([]);
        expect(mismatched, 'keys whose Spanish fills in other values').toEqual([]);
      });

      it('has no Spanish key that English lacks (a renamed key left behind)', () => {
        const englishLeaves = catalogLeaves(catalog);
        // Spanish has a plural form English lacks ("many", for a million and more).
        const extra = [...catalogLeaves(translation ?? {}).keys()].filter(
          (key) => !englishLeaves.has(key) && !englishLeaves.has(key.replace(/_many$/, '_other')),
        );
        expect(extra).toEqual([]);
      });

      // A button's name that says what it acts on ("Cancel prescription of Amoxicillin", key
      // `cancelOf`) must hold the words it shows ("Cancel prescription", key `cancel`), or someone
      // who speaks to their screen reader cannot name it (axe: label-content-name-mismatch).
      it('names each button by the words it shows, in both languages', () => {
        const mismatched: string[] = [];
        for (const [language, leaves] of [
          ['en', catalogLeaves(catalog)],
          ['es', catalogLeaves(translation ?? {})],
        ] as const) {
          for (const [key, named] of leaves) {
            const shown = leaves.get(key.replace(/Of$/, ''));
            if (!key.endsWith('Of') || shown === undefined) continue;
            if (!named.toLowerCase().includes(shown.toLowerCase())) {
              mismatched.push(`${language} ${key}: "${named}" does not hold "${shown}"`);
            }
          }
        }
        expect(mismatched).toEqual([]);
      });
    });
  }
});
