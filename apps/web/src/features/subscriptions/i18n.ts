import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The footer's subscribe form's words. */
export const useSubscriptionsT = registerCatalog('subscriptions', en, es);
