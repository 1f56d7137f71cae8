import { DOCTOR_PROFILE_FIELDS, type Language, type Profile, type UserType } from '@tend/shared';
import type { z } from 'zod';
import type { profileUpdateSchema } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { FailureLimiter } from '../../lib/failure-limiter.ts';
import { forgetAuditTrailOf, recordAudit } from '../audit/service.ts';
import { changePharmacyDetails, pharmacyProfileOf } from '../pharmacies/service.ts';
import { TooManyAttempts } from './auth-service.ts';
import { prepareAvatar } from './avatar-image.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords.ts';
import { toProfile } from './profile-view.ts';
import { revokeSessionsOfUser } from './sessions-repo.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import {
  deleteAvatar,
  deleteUser,
  emailOf,
  findAvatar,
  findUserById,
  hasAvatar,
  updateUser,
  upsertAvatar,
} from './users-repo.ts';

type ProfileChanges = z.output<typeof profileUpdateSchema>;

const notFound = () => new AppError(404, 'not_found', 'There is no such account.');

/** Whether a viewer may see a person (their picture); decided by the care module. */
export type MayViewPerson = (viewer: AccessClaims, userId: string) => Promise<boolean>;

/** Removes a person's stored files (reports) inside the account deletion's transaction; from the reports module. */
export type ForgetFilesOf = (trx: Executor, userId: string) => Promise<void>;

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
 * Ends the sign-ins that passed the old password and wait for a second step (the two-step module),
 * inside a new password's transaction.
 */
export type EndPendingSignIns = (trx: Executor, userId: string, now: Date) => Promise<void>;

/** Doctor fields are a doctor's, pharmacy details a pharmacy's: anyone else sending them gets a 400. */
function assertOwnFields(role: UserType, changes: ProfileChanges) {
  const refused: Record<string, string> = {};
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

const HOUR_MS = 60 * 60_000;
const EMAIL_CHANGES_PER_HOUR = 5;

const currentPasswordRequired = () =>
  new AppError(
    400,
    'current_password_required',
    'To change your email, enter your current password.',
    { currentPassword: 'Enter your current password to change your email.' },
  );

export function createMeService(
  db: Db,
  mayViewPerson: MayViewPerson,
  counters: CounterStore,
  forgetFilesOf: ForgetFilesOf,
  emailChanges: EmailChangePort,
  endPendingSignIns: EndPendingSignIns,
) {
  // Wrong current passwords (change password, delete account): 5 in 15 minutes per account.
  const passwordFailures = new FailureLimiter(counters, 'password-check', 5, 15 * 60_000);

  async function loadProfile(userId: string): Promise<Profile> {
    const row = await findUserById(db.kysely, userId);
    if (!row) throw notFound();
    const [avatar, pendingEmail, pharmacy] = await Promise.all([
      hasAvatar(db.kysely, userId),
      emailChanges.pending(db.kysely, userId),
      row.user_type === 'pharmacy' ? pharmacyProfileOf(db.kysely, userId) : undefined,
    ]);
    return toProfile(row, avatar?.updated_at, pendingEmail, pharmacy ?? null);
  }

  /** Checks the current password against the account's row, read by the caller; throttled. */
  async function checkPassword(
    row: { id: string; password_hash: string },
    password: string,
    field: string,
  ) {
    const wait = await passwordFailures.admit(row.id);
    if (wait > 0) throw new TooManyAttempts(wait);
    if (!(await verifyPassword(row.password_hash, password))) {
      throw new AppError(400, 'incorrect_password', 'The password is not correct.', {
        [field]: 'This is not your current password.',
      });
    }
    await passwordFailures.succeeded(row.id);
  }

  async function confirmPassword(userId: string, password: string, field: string) {
    const row = await findUserById(db.kysely, userId);
    if (!row) throw notFound();
    await checkPassword(row, password, field);
  }

  return {
    getProfile: loadProfile,

    /** The current password, checked and throttled as here (two-step setup asks for it too). */
    async confirmPassword(userId: string, password: string, field: string): Promise<void> {
      await confirmPassword(userId, password, field);
    },

    /** A person's email address (two-step setup names the account with it in the QR code). */
    async emailOf(userId: string): Promise<string> {
      const found = await emailOf(db.kysely, userId);
      if (!found) throw notFound();
      return found.email;
    },

    async updateProfile(userId: string, role: UserType, changes: ProfileChanges): Promise<Profile> {
      assertOwnFields(role, changes);
      const { yearsofexperience, consultationfee, email, currentPassword, pharmacy, ...plain } =
        changes;
      // Read once: the address to compare, the password to check and who to email all come from it.
      const current = await findUserById(db.kysely, userId);
      if (!current) throw notFound();
      // The same address in another letter case is no move: it is saved as typed.
      const newEmail =
        email && email.toLowerCase() !== current.email_normalized ? email : undefined;
      if (newEmail) {
        emailChanges.assertSendable();
        if (!currentPassword) throw currentPasswordRequired();
        await checkPassword(current, currentPassword, 'currentPassword');
        // Each request emails two addresses: Tend must not become a way to mail strangers.
        const { count, ttlMs } = await counters.hit(`email-change:${userId}`, HOUR_MS);
        if (count > EMAIL_CHANGES_PER_HOUR) throw new TooManyAttempts(Math.max(1, ttlMs));
      }
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await updateUser(trx, userId, {
          ...plain,
          ...(email && !newEmail ? { email } : {}),
          ...(yearsofexperience !== undefined ? { years_of_experience: yearsofexperience } : {}),
          ...(consultationfee !== undefined
            ? {
                consultation_fee_cents:
                  consultationfee === null ? null : Math.round(consultationfee * 100),
              }
            : {}),
          updated_at: now.toISOString(),
        });
        if (pharmacy) await changePharmacyDetails(trx, userId, pharmacy, now);
        // The account keeps its address until the link sent to the new one is opened.
        // In the language this same update picks, if it picks one.
        if (newEmail)
          await emailChanges.request(
            trx,
            { ...current, language: plain.language ?? current.language },
            newEmail,
          );
      });
      return loadProfile(userId);
    },

    /**
     * Other sessions end at once, and sign-ins waiting for a second step: whoever else knew the old
     * password is signed out and cannot finish signing in.
     */
    async changePassword(
      claims: AccessClaims,
      oldPassword: string,
      newPassword: string,
      ip: string,
    ) {
      await confirmPassword(claims.userId, oldPassword, 'oldPassword');
      assertAcceptablePassword(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await updateUser(trx, claims.userId, {
          password_hash: passwordHash,
          updated_at: now.toISOString(),
        });
        await revokeSessionsOfUser(trx, claims.userId, 'password_changed', now, claims.sessionId);
        await endPendingSignIns(trx, claims.userId, now);
        await emailChanges.cancel(trx, claims.userId, now);
        await recordAudit(
          trx,
          { actorId: claims.userId, action: 'account.password_changed', ip },
          now,
        );
      });
    },

    /** Removes the account and everything recorded about it; only the fact of the deletion remains. */
    async deleteAccount(claims: AccessClaims, password: string, ip: string) {
      await confirmPassword(claims.userId, password, 'password');
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await forgetFilesOf(trx, claims.userId);
        // Ended first, so every instance's session cache forgets them (the rows then go by cascade).
        await revokeSessionsOfUser(trx, claims.userId, 'account_deleted', now);
        await deleteUser(trx, claims.userId); // sessions, tokens and picture go with it (cascade)
        // Last, as every transaction records its audit events last: the chain's head is locked
        // after the rows other transactions lock first, never before them (docs/decisions/045).
        await forgetAuditTrailOf(trx, claims.userId, now);
        await recordAudit(trx, { actorId: claims.userId, action: 'account.deleted', ip }, now);
      });
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

export type MeService = ReturnType<typeof createMeService>;
