import type { RecoveryCodes, TwoStepSetup, TwoStepStatus, UserType } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/service.ts';
import { notRequired, type CodeChecks } from './code-checks.ts';
import { qrDataUrl } from './qr.ts';
import {
  countUnusedRecoveryCodes,
  findTwoStep,
  markEnabled,
  removeTwoStep,
  savePendingSecret,
} from './repo.ts';
import type { SecretBox } from './secret-box.ts';
import { newTotpSecret, otpauthUrl } from './totp.ts';

/** What the accounts module lends enrolment: its password check and a person's address. */
export interface EnrolmentAccounts {
  confirmPassword(userId: string, password: string, field: string): Promise<void>;
  emailOf(userId: string): Promise<string>;
}

interface EnrolmentDeps {
  db: Db;
  clock: () => Date;
  box: SecretBox;
  accounts: EnrolmentAccounts;
  codes: CodeChecks;
}

/** The two steps of turning it on, from the profile or while signing in: a new secret, its first code. */
export function createEnrolmentSteps({ db, clock, box, accounts, codes }: EnrolmentDeps) {
  return {
    /**
     * A new pending secret. While two-step sign-in is on the enabled secret stays as it is and the
     * answer is a 409 in words: the save itself refuses (no read before it), so a setup racing an
     * /enable cannot replace the secret just turned on.
     */
    async newSetup(userId: string): Promise<TwoStepSetup> {
      const email = await accounts.emailOf(userId);
      const secret = newTotpSecret();
      const url = otpauthUrl(secret, email);
      const now = clock();
      const saved = await db.kysely
        .transaction()
        .execute((trx) => savePendingSecret(trx, userId, box.seal(secret), now));
      if (!saved) {
        throw new AppError(
          409,
          'two_step_on',
          'Two-step sign-in is already on. Turn it off first to use another app or phone.',
        );
      }
      return { secret, otpauthurl: url, qr: await qrDataUrl(url) };
    },

    async enablePending(trx: Executor, userId: string, code: string, now: Date, ip: string) {
      const row = await findTwoStep(trx, userId);
      if (!row) {
        throw new AppError(
          409,
          'two_step_not_set_up',
          'Start again: set up two-step sign-in to get a new QR code.',
        );
      }
      if (row.enabled_at) throw new AppError(409, 'two_step_on', 'Two-step sign-in is already on.');
      await codes.takeCode(trx, row, code, now);
      await markEnabled(trx, userId, now);
      await recordAudit(trx, { actorId: userId, action: 'account.two_step_enabled', ip }, now);
      return codes.issueRecoveryCodes(trx, userId, now);
    },
  };
}

export type EnrolmentSteps = ReturnType<typeof createEnrolmentSteps>;

/** Turning two-step sign-in on and off, and renewing recovery codes, for the signed-in person. */
export function createTwoStepEnrolment(
  deps: Omit<EnrolmentDeps, 'box' | 'clock'> & {
    steps: EnrolmentSteps;
    isRequired: (role: UserType) => boolean;
  },
) {
  const { db, accounts, codes, steps, isRequired } = deps;
  return {
    async status(userId: string, role: UserType): Promise<TwoStepStatus> {
      const row = await findTwoStep(db.kysely, userId);
      const enabled = Boolean(row?.enabled_at);
      return {
        enabled,
        required: isRequired(role),
        recoverycodesleft: enabled ? await countUnusedRecoveryCodes(db.kysely, userId) : 0,
      };
    },

    async setup(userId: string, password: string): Promise<TwoStepSetup> {
      await accounts.confirmPassword(userId, password, 'password');
      return steps.newSetup(userId);
    },

    async enable(userId: string, code: string, ip: string): Promise<RecoveryCodes> {
      const recoverycodes = await codes.withCode(userId, ip, (trx, now) =>
        steps.enablePending(trx, userId, code, now, ip),
      );
      return { recoverycodes };
    },

    async disable(userId: string, role: UserType, password: string, code: string, ip: string) {
      if (isRequired(role)) {
        throw new AppError(
          403,
          'two_step_required',
          'Your clinic requires two-step sign-in for your account, so it cannot be turned off.',
        );
      }
      await accounts.confirmPassword(userId, password, 'password');
      await codes.withCode(userId, ip, async (trx, now) => {
        await codes.takeCode(trx, await findTwoStep(trx, userId), code, now);
        await removeTwoStep(trx, userId);
        await recordAudit(trx, { actorId: userId, action: 'account.two_step_disabled', ip }, now);
      });
    },

    async renewRecoveryCodes(userId: string, code: string, ip: string): Promise<RecoveryCodes> {
      const recoverycodes = await codes.withCode(userId, ip, async (trx, now) => {
        const row = await findTwoStep(trx, userId);
        if (!row?.enabled_at) throw notRequired();
        await codes.takeCode(trx, row, code, now);
        await recordAudit(
          trx,
          { actorId: userId, action: 'account.recovery_codes_renewed', ip },
          now,
        );
        return codes.issueRecoveryCodes(trx, userId, now);
      });
      return { recoverycodes };
    },
  };
}
