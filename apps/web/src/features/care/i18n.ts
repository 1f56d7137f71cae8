import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The My Doctors page's words: sharing with doctors, the doctor directory, the access log. */
export const useCareT = registerCatalog('care', en, es);
