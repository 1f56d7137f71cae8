import { registerCatalog } from './i18n';
import en from './locales/en.json';

/**
 * Words shared across the app: the header, footer, navigation and the shared components. Every
 * page's first download has them, so their Spanish comes only for a page in Spanish.
 */
export const useCommonT = registerCatalog('common', en, () => import('./locales/es.json'));
