import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Catalog } from '@tend/shared';
import { browserLanguage, isLanguage, LANGUAGES, type Language } from './languages';

// DESIGN "Interop and reach": every string of the web app in English and Spanish. Each feature
// keeps its own catalogs (locales/en.json, locales/es.json) beside its code and registers them
// when its code loads (registerCatalog), so a page's words come in the same file as the page, with
// no second request and nothing to wait for; Spanish strings are a few kilobytes a feature.

const STORAGE_KEY = 'tend.language';

/** The language picked on this device (the header's picker, or the profile's once signed in). */
function storedLanguage(): Language | null {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
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

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // The build renders pages to HTML in English (prerender.tsx); a page opened in Spanish is drawn
  // afresh instead of taken over (takeOverPage).
  lng: typeof window === 'undefined' ? 'en' : initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Every catalog is in memory before it is used, so initialising and switching need no waiting.
  initAsync: false,
  resources: {},
  partialBundledLanguages: true,
  // React escapes what it draws; escaping here too would show "&amp;" in names.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/** The language the page is in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

function markDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
markDocument(currentLanguage());

/**
 * Switches every page of this tab to `language` and remembers it on this device; the caller saves
 * it to the profile when someone is signed in.
 */
export function setLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Not kept on this device; the switch still holds for this tab.
  }
  if (language === currentLanguage()) return;
  void i18n.changeLanguage(language);
  markDocument(language);
}

/**
 * Adds a feature's English and Spanish words under `namespace` and gives the hook its components
 * translate with: `const { t } = useXxxT()`, then `t('key')` or `t('key', { name })`.
 */
export function registerCatalog(namespace: string, en: Catalog, es: Catalog) {
  i18n.addResourceBundle('en', namespace, en, true, true);
  i18n.addResourceBundle('es', namespace, es, true, true);
  return () => useTranslation(namespace, { i18n });
}
