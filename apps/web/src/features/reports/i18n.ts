import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The medical reports' words: upload, list and viewer. */
export const useReportsT = registerCatalog('reports', en, es);

/** The reports' `t`, for the helpers that make words outside components. */
export type ReportsT = ReturnType<typeof useReportsT>['t'];
