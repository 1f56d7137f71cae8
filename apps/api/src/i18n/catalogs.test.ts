import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import { catalogLeaves, placeholdersOf } from '@tend/shared';
import { t } from './texts.ts';

// Every email, notification, calendar feed and PDF the API writes in English has its Spanish.

describe('the API’s message catalogs', () => {
  const english = catalogLeaves(en);
  const spanish = catalogLeaves(es);

  it('have every English key in Spanish, filling in the same values', () => {
    const missing: string[] = [];
    const mismatched: string[] = [];
    for (const [key, text] of english) {
      const spanishText = spanish.get(key);
      if (!spanishText?.trim()) missing.push(key);
      else if (placeholdersOf(spanishText).join() !== placeholdersOf(text).join())
        mismatched.push(key);
    }
    expect(english.size).toBeGreaterThan(0);
    expect(missing, 'keys with no Spanish').toEqual([]);
    expect(mismatched, 'keys whose Spanish fills in other values').toEqual([]);
  });

  it('have no Spanish key that English lacks (a renamed key left behind)', () => {
    // Spanish has a plural form English lacks ("many", for a million and more).
    const extra = [...spanish.keys()].filter(
      (key) => !english.has(key) && !english.has(key.replace(/_many$/, '_other')),
    );
    expect(extra).toEqual([]);
  });

  it('fill in values as given, with no HTML escaping and plurals by count', () => {
    expect(t('en', 'hello', { name: 'Zoë & <Ana>' })).toBe('Hello Zoë & <Ana>,');
    expect(t('es', 'hello', { name: 'Zoë' })).toBe('Hola, Zoë:');
    expect(t('en', 'reminders.runOut.refillsLeft', { count: 1 })).toContain('(1 refill left)');
    expect(t('en', 'reminders.runOut.refillsLeft', { count: 2 })).toContain('(2 refills left)');
    expect(t('es', 'reminders.runOut.refillsLeft', { count: 2 })).toContain(
      '(quedan 2 reposiciones)',
    );
  });
});
