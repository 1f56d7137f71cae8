import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** Caregiving's words: People who help me, an invitation's page, the "Caring for" switcher. */
export const useCaregiversT = registerCatalog('caregivers', en, es);
