import type { Db } from '../../db/database.ts';
import type { CounterStore } from '../../counters/counter-store.ts';
import { createPasswordCheck } from './password-check.ts';
import type { PasswordSetting } from './password-setting.ts';
import type { PharmacyDetailsPort } from './pharmacy-details.ts';
import {
  createProfileService,
  type EmailChangePort,
  type MayViewPerson,
} from './profile-service.ts';
import { createSecurityService, type ForgetFilesOf } from './security-service.ts';

export interface MeServiceOptions {
  db: Db;
  counters: CounterStore;
  /** Whether a viewer may see a person's picture (the care module). */
  mayViewPerson: MayViewPerson;
  /** A person's stored files, removed with their account (the reports module). */
  forgetFilesOf: ForgetFilesOf;
  /** A new address, confirmed by an emailed link (the recovery module). */
  emailChanges: EmailChangePort;
  /** A pharmacy's details (the pharmacies module). */
  pharmacyDetails: PharmacyDetailsPort;
  passwordSetting: PasswordSetting;
  /** The clinic's currency (config CLINIC_CURRENCY). */
  currency: string;
}

/** The signed-in person's own account: profile and picture, password, deletion. */
export function createMeService({
  db,
  counters,
  passwordSetting,
  currency,
  ...ports
}: MeServiceOptions) {
  const passwordCheck = createPasswordCheck(db, counters);
  return {
    ...createProfileService({ db, counters, passwordCheck, currency, ...ports }),
    ...createSecurityService({ db, passwordCheck, passwordSetting, ...ports }),
  };
}

export type MeService = ReturnType<typeof createMeService>;
