import { registerCatalog } from '../i18n/i18n';
import en from './locales/en.json';

/**
 * The words of the app's frame: the signed-in areas' layout and menus, and the pages' titles (the
 * landing page's too, hence Spanish only for a page in Spanish).
 */
export const useAppT = registerCatalog('app', en, () => import('./locales/es.json'));
