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

/** Where the language picked on this device is kept (the header's picker, or the profile's). */
export const LANGUAGE_STORAGE_KEY = 'tend.language';

function storedLanguage(): Language | null {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage refused (a private window's policy): the browser's language stands.
    return null;
  }
}

/** What a page opens in: the person's choice on this device, else the browser's language. */
export function initialLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en';
  return storedLanguage() ?? browserLanguage(navigator.languages ?? [navigator.language]);
}
