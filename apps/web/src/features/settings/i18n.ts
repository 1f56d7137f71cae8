import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The Notification settings page's words: reminder times, email and browser notifications, calendar. */
export const useSettingsT = registerCatalog('settings', en, es);
