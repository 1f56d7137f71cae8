import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The words of signing in and up, two-step sign-in, password reset and emailed links. */
export const useAuthT = registerCatalog('auth', en, es);
