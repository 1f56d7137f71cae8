import { registerCatalog } from './i18n';
import en from './locales/en.json';

/**
 * Words shared across the app. Here the shell's, which every page draws (header, footer, menu,
 * notices, the messages of a failed request), so every page's first download has their English;
 * the English of the app's shared components (dialogs, lists, two-step sign-in, the 404 and error
 * pages: components/locales) comes with the app and sign-in (components/i18n.ts), which draw them,
 * and not with the landing page, which draws none. A page in Spanish fetches the Spanish of both.
 */
export const useCommonT = registerCatalog('common', en, () =>
  Promise.all([import('./locales/es.json'), import('../components/locales/es.json')]).then(
    ([shell, components]) => ({ default: { ...shell.default, ...components.default } }),
  ),
);
