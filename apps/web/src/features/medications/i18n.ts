import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The medication pages' words: the list, the form, the daily checklist and its offline notes. */
export const useMedicationsT = registerCatalog('medications', en, es);
