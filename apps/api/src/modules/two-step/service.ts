import type { TwoStepRole, UserType } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { CounterStore } from '../../counters/counter-store.ts';
import { createCodeChecks } from './code-checks.ts';
import {
  createEnrolmentSteps,
  createTwoStepEnrolment,
  type EnrolmentAccounts,
} from './enrolment.ts';
import type { SecretBox } from './secret-box.ts';
import { createSignInStep, type StartSession } from './sign-in-step.ts';

export type { RequestMeta } from './sign-in-step.ts';

/** What the accounts module lends this one (its password check, a person's address, a new session). */
export interface TwoStepAccounts<Session> extends EnrolmentAccounts {
  startSession: StartSession<Session>;
}

/** Two-step sign-in (docs/decisions/021): its enrolment, and the step it adds to signing in. */
export function createTwoStepService<Session>(deps: {
  db: Db;
  clock: () => Date;
  counters: CounterStore;
  box: SecretBox;
  requiredRoles: readonly TwoStepRole[];
  accounts: TwoStepAccounts<Session>;
}) {
  const { db, clock, box, accounts } = deps;
  const isRequired = (role: UserType) => (deps.requiredRoles as readonly string[]).includes(role);
  const codes = createCodeChecks({ db, clock, counters: deps.counters, box });
  const steps = createEnrolmentSteps({ db, clock, box, accounts, codes });
  return {
    ...createTwoStepEnrolment({ db, accounts, codes, steps, isRequired }),
    ...createSignInStep<Session>({
      db,
      clock,
      box,
      codes,
      steps,
      isRequired,
      startSession: (trx, userId, now, meta) => accounts.startSession(trx, userId, now, meta),
    }),
  };
}

export type TwoStepService<Session> = ReturnType<typeof createTwoStepService<Session>>;
