import type { RegisterRequest, User, UserType } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/service.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import type { PharmacyDetailsPort } from './pharmacy-details.ts';
import { toUser } from './profile-view.ts';
import { findUserByEmail, insertUser, isEmailTaken, type UserRow } from './users-repo.ts';

/** What registration emails (the recovery module): a confirmation link, or a notice to a taken address's owner. */
export interface RegistrationMail {
  registered(trx: Executor, user: UserRow, now: Date): Promise<void>;
  emailTaken(trx: Executor, owner: UserRow, now: Date): Promise<void>;
}

export const noRegistrationMail: RegistrationMail = {
  registered: async () => {},
  emailTaken: async () => {},
};

/** A new account's row: the fields registration asks for, every other one empty or its default. */
export function newUserRow(
  input: RegisterRequest & { userType: UserType },
  passwordHash: string,
  now: Date,
): UserRow {
  return {
    id: newId(),
    email: input.email,
    email_normalized: input.email.toLowerCase(),
    password_hash: passwordHash,
    user_type: input.userType,
    firstname: input.firstname,
    lastname: input.lastname,
    dateofbirth: null,
    bloodgroup: null,
    number: null,
    address: null,
    city: null,
    state: null,
    postcode: null,
    country: null,
    specialty: null,
    years_of_experience: null,
    consultation_fee_cents: null,
    location: null,
    bio: null,
    timezone: input.timezone ?? 'UTC',
    units: 'metric' as const,
    language: input.language ?? 'en',
    medications_version: 0,
    disabled_at: null,
    dependent: false,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

export function createRegistration(deps: {
  db: Db;
  pharmacyDetails: PharmacyDetailsPort;
  registrationMail: RegistrationMail;
}) {
  const { db, pharmacyDetails, registrationMail } = deps;
  return {
    async register(input: RegisterRequest & { userType: UserType }, ip: string): Promise<User> {
      assertAcceptablePassword(input.password, 'password');
      const now = new Date();
      // Hashed whether or not the address is taken, so the answer takes as long either way.
      const row = newUserRow(input, await hashPassword(input.password), now);
      // A taken address is answered exactly like a new one and creates nothing; its owner is told by
      // email instead (docs/decisions/016), so registration never reveals who has an account.
      const answerTaken = async (owner: UserRow) => {
        await db.kysely
          .transaction()
          .execute((trx) => registrationMail.emailTaken(trx, owner, now));
        return toUser(row);
      };
      const owner = await findUserByEmail(db.kysely, input.email);
      if (owner) return answerTaken(owner);
      try {
        await db.kysely.transaction().execute(async (trx) => {
          await insertUser(trx, row);
          if (input.pharmacy) await pharmacyDetails.saveDetails(trx, row.id, input.pharmacy, now);
          await recordAudit(trx, { actorId: row.id, action: 'account.registered', ip }, now);
          await registrationMail.registered(trx, row, now);
        });
      } catch (error) {
        // Two sign-ups with one address at the same moment: the unique index decides.
        const raced = isEmailTaken(error)
          ? await findUserByEmail(db.kysely, input.email)
          : undefined;
        if (raced) return answerTaken(raced);
        throw error;
      }
      return toUser(row);
    },
  };
}
