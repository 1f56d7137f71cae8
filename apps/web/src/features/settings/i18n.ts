import type { UserType } from '@tend/shared';
import { registerCatalog } from '../../i18n/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The Notification settings page's words: reminder times, email and browser notifications, calendar. */
export const useSettingsT = registerCatalog('settings', en, es);

/**
 * How a key ends where the words differ by who reads them (`page.introDoctor`); such keys have one
 * ending for each kind of account.
 */
export const READER = {
  patient: 'Patient',
  doctor: 'Doctor',
  pharmacy: 'Pharmacy',
} as const satisfies Record<UserType, string>;
