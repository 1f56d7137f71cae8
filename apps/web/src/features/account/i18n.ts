import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The account pages' words: profile settings, profile picture, password, deleting the account. */
export const useAccountT = registerCatalog('account', en, es);
