import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The video visit page's words: the call, its controls and what went wrong with the devices. */
export const useVisitsT = registerCatalog('visits', en, es);
