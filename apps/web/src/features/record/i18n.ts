import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The whole-record (FHIR) download's words. */
export const useRecordT = registerCatalog('record', en, es);
