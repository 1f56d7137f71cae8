import type { TOptions } from 'i18next';
import { i18n, registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The appointment pages' words: booking, the slot picker, the lists, dialogs and billing. */
export const useAppointmentsT = registerCatalog('appointments', en, es);

/** The same words outside a component (format helpers, messages), read when they are needed. */
export const appointmentsText = (key: string, options?: TOptions): string =>
  i18n.t(key, { ...options, ns: 'appointments' });
