import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
// Only for <Trans>, which finds the instance through it (decision 034).
import { initReactI18next } from 'react-i18next';
import type { Catalog } from '@tend/shared';
import {
  initialLanguage,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from './languages';

// DESIGN "Interop and reach": every string of the web app in English and Spanish. Each feature
// keeps its own catalogs (locales/en.json, locales/es.json) beside its code and registers them
// when its code loads (registerCatalog), so a page's words come in the same file as the page, with
// no second request and nothing to wait for; Spanish strings are a few kilobytes a feature. The
// first page's words (the shell's, the app frame's, the landing page's) are the exception: their
// Spanish is a file of its own, fetched only for a page in Spanish (docs/decisions/034-*.md).

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // The build renders pages to HTML in English (prerender.tsx); a page opened in Spanish is drawn
  // afresh instead of taken over (takeOverPage).
  lng: typeof window === 'undefined' ? 'en' : initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // i18next never waits: every catalog is in memory before it is asked for (setLanguage fetches
  // those that come on demand first).
  initAsync: false,
  resources: {},
  partialBundledLanguages: true,
  // React escapes what it draws; escaping here too would show "&amp;" in names.
  interpolation: { escapeValue: false },
});

/** The language the page is in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

function markDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
markDocument(currentLanguage());

/** A catalog fetched on demand: its file's default export. */
export type CatalogLoader = () => Promise<{ default: Catalog }>;

/** Spanish catalogs fetched only for a page in Spanish, by namespace, until they have come. */
const spanishToFetch = new Map<string, CatalogLoader>();

/**
 * Fetches the words of `language` that come on demand and have not come yet; resolves at once in
 * English, which is always in memory (it is every catalog's fallback and what the build renders).
 * Rejects when a file cannot be fetched (offline): that catalog is asked for again next time.
 */
export async function loadWords(language: Language): Promise<void> {
  if (language !== 'es') return;
  await Promise.all(
    [...spanishToFetch].map(async ([namespace, load]) => {
      const { default: words } = await load();
      i18n.addResourceBundle('es', namespace, words, true, true);
      spanishToFetch.delete(namespace);
    }),
  );
}

/**
 * Before a page's first render: the words its language needs that come on demand. Should they not
 * come (offline, before the service worker kept them), the page opens in English, which it has,
 * rather than in a Spanish with English holes; the choice stays stored for the next load.
 */
export async function loadInitialWords(): Promise<void> {
  try {
    await loadWords(currentLanguage());
  } catch {
    await i18n.changeLanguage('en');
    markDocument('en');
  }
}

/** The language last asked for, so a slower fetch of an earlier pick cannot undo a later one. */
let requested: Language | undefined;

/**
 * Switches every page of this tab to `language`, once its words are in, and remembers it on this
 * device; the caller saves it to the profile when someone is signed in. Rejects, changing
 * nothing, when the words cannot be fetched.
 */
export async function setLanguage(language: Language): Promise<void> {
  requested = language;
  await loadWords(language);
  if (requested !== language) return;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not kept on this device; the switch still holds for this tab.
  }
  if (language === currentLanguage()) return;
  await i18n.changeLanguage(language);
  markDocument(language);
}

/**
 * English words for a namespace whose catalog is registered elsewhere, from code that comes later
 * than the catalog (the landing page's sections below its first screen); their Spanish is part of
 * that catalog's, fetched with it.
 */
export function addEnglishWords(namespace: string, en: Catalog): void {
  i18n.addResourceBundle('en', namespace, en, true, true);
}

/**
 * Adds a feature's English and Spanish words under `namespace` and gives the hook its components
 * translate with: `const { t } = useXxxT()`, then `t('key')` or `t('key', { name })`. Spanish given
 * as a loader (`() => import('./locales/es.json')`) is fetched only for a page in Spanish: by the
 * entry before its first render (loadInitialWords), by a lazy route before it draws (router.tsx),
 * or on a switch (setLanguage). Only code an entry or a route loads may register such a catalog:
 * a component drawn before its Spanish came would stay English.
 */
export function registerCatalog(namespace: string, en: Catalog, es: Catalog | CatalogLoader) {
  i18n.addResourceBundle('en', namespace, en, true, true);
  if (typeof es === 'function') {
    spanishToFetch.set(namespace, es);
    // Already in Spanish: start the fetch now, while the rest of the page's code is evaluated;
    // whoever awaits loadWords then waits for this same file.
    if (currentLanguage() === 'es') void es().catch(() => undefined);
  } else {
    i18n.addResourceBundle('es', namespace, es, true, true);
  }
  return () => {
    const language = useSyncExternalStore(onLanguageChange, pageLanguage, pageLanguage);
    const t = useMemo(() => i18n.getFixedT(language, namespace), [language]);
    return { t, i18n };
  };
}

const pageLanguage = () => i18n.language;

/** Redraws a component translating with registerCatalog's hook when the page's language changes. */
function onLanguageChange(redraw: () => void): () => void {
  i18n.on('languageChanged', redraw);
  return () => i18n.off('languageChanged', redraw);
}
