import type { TOptions } from 'i18next';
import { i18n, registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The prescription pages' words: prescribing, the patient's and the pharmacy's lists, verifying. */
export const usePrescriptionsT = registerCatalog('prescriptions', en, es);

/** The same words outside a component (word helpers, schema messages), read when they are needed. */
export const prescriptionsText = (key: string, options?: TOptions): string =>
  i18n.t(key, { ...options, ns: 'prescriptions' });
