import { LANGUAGES, type Language } from '@tend/shared';

export { LANGUAGES, type Language };

/** The name each language is chosen by: in itself, as pickers show it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale `Intl` formats with for each language: dates, times, numbers. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the browser's preferred languages Tend speaks ("es-MX" counts as Spanish), else
 * English. Used before sign-in, until the person picks one.
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}
