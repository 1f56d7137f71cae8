import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The availability page's words: a doctor's weekly hours, slot length and days off. */
export const useAvailabilityT = registerCatalog('availability', en, es);
