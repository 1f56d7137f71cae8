import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';

/**
 * The landing page's words: here those of its first screen; those of the sections below it come
 * with their code (below-the-fold/i18n.ts). A page in Spanish fetches the Spanish of both at once,
 * beside the sections' code rather than after it.
 */
export const useLandingT = registerCatalog('landing', en, () =>
  Promise.all([import('./locales/es.json'), import('./below-the-fold/locales/es.json')]).then(
    ([firstScreen, belowTheFold]) => ({
      default: { ...firstScreen.default, ...belowTheFold.default },
    }),
  ),
);
