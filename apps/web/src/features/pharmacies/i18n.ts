import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The pharmacy directory's words, and the pharmacy's own card on its dashboard. */
export const usePharmaciesT = registerCatalog('pharmacies', en, es);
