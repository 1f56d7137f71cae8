import { registerCatalog } from '../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The words of the app's frame: the signed-in areas' layout and menus, and the pages' titles. */
export const useAppT = registerCatalog('app', en, es);
