import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The landing page's words. */
export const useLandingT = registerCatalog('landing', en, es);
