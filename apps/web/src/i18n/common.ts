import { registerCatalog } from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** Words shared across the app: the header, footer, navigation and the shared components. */
export const useCommonT = registerCatalog('common', en, es);
