import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';

/** The landing page's words; the Spanish come only for a page in Spanish. */
export const useLandingT = registerCatalog('landing', en, () => import('./locales/es.json'));
