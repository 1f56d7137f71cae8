import type { TwoStepChallenge, UserType } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { defineModule } from '../module.ts';
import { twoStepMeRoutes, twoStepSignInRoutes } from './routes.ts';
import { createSecretBox } from './secret-box.ts';
import { createTwoStepService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** After a right password: the second step this person must take, or null (docs/decisions/021). */
    secondStep: (userId: string, role: UserType) => Promise<TwoStepChallenge | null>;
    /** Ends the sign-ins waiting for this person's second step (a new password, a deletion). */
    endPendingSignIns: (trx: Executor, userId: string, now: Date) => Promise<void>;
  }
}

/** Two-step sign-in: enrolment, and the step it adds between a right password and a session. */
export const twoStepModule = defineModule({
  name: 'two-step',
  needs: ['confirmPassword', 'emailOf', 'startSession', 'answerSignIn'],
  create: ({ db, clock, counters, config }, needs) => ({
    twoStep: createTwoStepService({
      db,
      clock,
      counters,
      box: createSecretBox(config.secrets.tokenSecret),
      requiredRoles: config.requireTwoStep,
      accounts: {
        confirmPassword: needs.confirmPassword,
        emailOf: needs.emailOf,
        startSession: needs.startSession,
      },
    }),
    answerSignIn: needs.answerSignIn,
  }),
  provides: ({ twoStep }) => ({
    secondStep: twoStep.gate.bind(twoStep),
    endPendingSignIns: twoStep.endPendingSignIns,
  }),
  routes: ({ twoStep, answerSignIn }) => ({
    public: [twoStepSignInRoutes(twoStep, answerSignIn)],
    signedIn: [twoStepMeRoutes(twoStep)],
  }),
});
