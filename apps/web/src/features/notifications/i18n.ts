import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The notifications page's and the header bell's words. */
export const useNotificationsT = registerCatalog('notifications', en, es);
