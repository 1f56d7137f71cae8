import { createInstance, type TFunction } from 'i18next';
import { LANGUAGES, type Language } from '@tend/shared';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };

// DESIGN "Interop and reach": what the API writes to a person outside the web app (emails, in-app
// notifications and their pushes, calendar feeds, PDFs) is in that person's language. Each text is
// written in the language of its moment: an email already queued, a notification already stored,
// keeps the words it was written in.

const i18n = createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // The catalogs are in memory: initialising needs no waiting, and every t() below is synchronous.
  initAsync: false,
  resources: { en: { translation: en }, es: { translation: es } },
  // Emails escape their HTML themselves, and PDFs and calendar feeds are no markup: names and
  // medications go in as typed.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const fixed = new Map<Language, TFunction>();

/** The translating function of one language: `textsFor(person.language)('reminders.dose.title', { name })`. */
export function textsFor(language: Language): TFunction {
  let found = fixed.get(language);
  if (!found) {
    found = i18n.getFixedT(language);
    fixed.set(language, found);
  }
  return found;
}

/** One text in one language. */
export function t(language: Language, key: string, values?: Record<string, unknown>): string {
  return textsFor(language)(key, values ?? {});
}

/**
 * The locale dates and times are written in. English keeps the day-month-year order Tend's emails,
 * notifications and PDFs have always had ("Sunday, 11 April 2027").
 */
export const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', es: 'es-ES' };

/** Numbers ("12.50", "12,50"). */
export const NUMBER_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
