import {
  DOCTOR_PROFILE_FIELDS,
  amountProblem,
  type Language,
  type Profile,
  type UserType,
  type profileUpdateSchema,
} from '@tend/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../counters/counter-store.ts';
import { TooManyAttempts } from '../../lib/too-many-attempts.ts';
import { prepareAvatar } from './avatar-image.ts';
import { noSuchAccount, type PasswordCheck } from './password-check.ts';
import type { PharmacyDetailsPort } from './pharmacy-details.ts';
import { toProfile } from './profile-view.ts';
import {
  deleteAvatar,
  emailOf,
  findAvatar,
  findUserById,
  hasAvatar,
  updateUser,
  upsertAvatar,
} from './users-repo.ts';

type ProfileChanges = z.output<typeof profileUpdateSchema>;

/** Whether a viewer may see a person (their picture); decided by the care module. */
export type MayViewPerson = (viewer: AccessClaims, userId: string) => Promise<boolean>;

/** A new email address is confirmed by an emailed link (the recovery module, docs/decisions/020). */
export interface EmailChangePort {
  /** Throws in words when this Tend sends no email, so no new address can be confirmed. */
  assertSendable(): void;
  request(
    trx: Executor,
    person: { id: string; email: string; firstname: string; language: Language },
    newEmail: string,
  ): Promise<void>;
  pending(executor: Executor, userId: string): Promise<string | null>;
  cancel(trx: Executor, userId: string, now: Date): Promise<void>;
}

/**
 * Doctor fields are a doctor's, pharmacy details a pharmacy's: anyone else sending them gets a 400;
 * so does a fee the clinic's currency cannot hold (decimals in JPY).
 */
function assertOwnFields(role: UserType, changes: ProfileChanges, currency: string) {
  const refused: Record<string, string> = {};
  const feeProblem =
    typeof changes.consultationfee === 'number'
      ? amountProblem(changes.consultationfee, currency)
      : null;
  if (feeProblem) refused.consultationfee = feeProblem;
  if (role !== 'doctor') {
    for (const f of DOCTOR_PROFILE_FIELDS) {
      if (changes[f] !== undefined) refused[f] = 'Only doctors have this field.';
    }
  }
  if (role !== 'pharmacy' && changes.pharmacy !== undefined) {
    refused.pharmacy = 'Only pharmacies have pharmacy details.';
  }
  if (Object.keys(refused).length > 0) {
    throw new AppError(
      400,
      'invalid_input',
      'Some of what was sent is not valid. Check the highlighted fields.',
      refused,
    );
  }
}

/** The profile's columns a change writes at once (a new address waits for its link). */
function profileColumns(changes: ProfileChanges, keepsAddress: boolean, now: Date) {
  const {
    yearsofexperience,
    consultationfee,
    email,
    currentPassword: _,
    pharmacy: __,
    ...plain
  } = changes;
  return {
    ...plain,
    ...(email && keepsAddress ? { email } : {}),
    ...(yearsofexperience !== undefined ? { years_of_experience: yearsofexperience } : {}),
    ...(consultationfee !== undefined
      ? {
          consultation_fee_cents:
            consultationfee === null ? null : Math.round(consultationfee * 100),
        }
      : {}),
    updated_at: now.toISOString(),
  };
}

const HOUR_MS = 60 * 60_000;
const EMAIL_CHANGES_PER_HOUR = 5;

const currentPasswordRequired = () =>
  new AppError(
    400,
    'current_password_required',
    'To change your email, enter your current password.',
    { currentPassword: 'Enter your current password to change your email.' },
  );

/** A person's own profile and picture, and who else may see the picture. */
export function createProfileService(deps: {
  db: Db;
  counters: CounterStore;
  passwordCheck: PasswordCheck;
  mayViewPerson: MayViewPerson;
  emailChanges: EmailChangePort;
  pharmacyDetails: PharmacyDetailsPort;
  /** The clinic's currency (config CLINIC_CURRENCY), carried beside a doctor's fee. */
  currency: string;
}) {
  const { db, counters, passwordCheck, mayViewPerson, emailChanges, pharmacyDetails, currency } =
    deps;

  async function loadProfile(userId: string): Promise<Profile> {
    const row = await findUserById(db.kysely, userId);
    if (!row) throw noSuchAccount();
    const [avatar, pendingEmail, pharmacy] = await Promise.all([
      hasAvatar(db.kysely, userId),
      emailChanges.pending(db.kysely, userId),
      row.user_type === 'pharmacy' ? pharmacyDetails.profileOf(db.kysely, userId) : undefined,
    ]);
    return toProfile(row, avatar?.updated_at, pendingEmail, pharmacy ?? null, currency);
  }

  return {
    getProfile: loadProfile,

    /** A person's email address (two-step setup names the account with it in the QR code). */
    async emailOf(userId: string): Promise<string> {
      const found = await emailOf(db.kysely, userId);
      if (!found) throw noSuchAccount();
      return found.email;
    },

    async updateProfile(userId: string, role: UserType, changes: ProfileChanges): Promise<Profile> {
      assertOwnFields(role, changes, currency);
      const { email, currentPassword, pharmacy, language } = changes;
      // Read once: the address to compare, the password to check and who to email all come from it.
      const current = await findUserById(db.kysely, userId);
      if (!current) throw noSuchAccount();
      // The same address in another letter case is no move: it is saved as typed.
      const newEmail =
        email && email.toLowerCase() !== current.email_normalized ? email : undefined;
      if (newEmail) {
        emailChanges.assertSendable();
        if (!currentPassword) throw currentPasswordRequired();
        await passwordCheck.checkPassword(current, currentPassword, 'currentPassword');
        // Each request emails two addresses: Tend must not become a way to mail strangers.
        const { count, ttlMs } = await counters.hit(`email-change:${userId}`, HOUR_MS);
        if (count > EMAIL_CHANGES_PER_HOUR) throw new TooManyAttempts(Math.max(1, ttlMs));
      }
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await updateUser(trx, userId, profileColumns(changes, !newEmail, now));
        if (pharmacy) await pharmacyDetails.changeDetails(trx, userId, pharmacy, now);
        // The account keeps its address until the link sent to the new one is opened.
        // In the language this same update picks, if it picks one.
        if (newEmail)
          await emailChanges.request(
            trx,
            { ...current, language: language ?? current.language },
            newEmail,
          );
      });
      return loadProfile(userId);
    },

    async setAvatar(userId: string, upload: Uint8Array): Promise<Profile> {
      const image = await prepareAvatar(upload);
      await db.kysely
        .transaction()
        .execute((trx) => upsertAvatar(trx, userId, image.contentType, image.data, new Date()));
      return loadProfile(userId);
    },

    async removeAvatar(userId: string): Promise<Profile> {
      await db.kysely.transaction().execute((trx) => deleteAvatar(trx, userId));
      return loadProfile(userId);
    },

    /** A person's picture, for viewers allowed to see that person. Anyone else gets 404, as if none existed. */
    async getAvatar(viewer: AccessClaims, userId: string) {
      const mayView = await mayViewPerson(viewer, userId);
      const avatar = mayView ? await findAvatar(db.kysely, userId) : undefined;
      if (!avatar) throw new AppError(404, 'not_found', 'There is no picture here.');
      return avatar;
    },
  };
}
