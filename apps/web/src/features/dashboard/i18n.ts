import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The dashboards' own words: the greeting and the profile summary. */
export const useDashboardT = registerCatalog('dashboard', en, es);
