import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The Sign-in and devices page's words: two-step sign-in, recovery codes, signed-in devices. */
export const useSecurityT = registerCatalog('security', en, es);
