import {
  sessionResponseSchema,
  twoStepEnabledSessionSchema,
  twoStepSetupSchema,
  type SessionResponse,
  type TwoStepEnabledSession,
  type TwoStepSetup,
  type TwoStepSignInRequest,
} from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { sendTo } from '../../../lib/api-hooks';

/** POST /api/v1/auth/sign-in/two-step: a code (or a recovery code) for the challenge; the session. */
const finishTwoStep = sendTo<TwoStepSignInRequest, SessionResponse>(
  'POST',
  '/auth/sign-in/two-step',
  sessionResponseSchema,
);

export const useFinishTwoStep = () => useMutation({ mutationFn: finishTwoStep });

/** POST …/two-step/setup: required by the clinic, a secret and QR code for this sign-in's challenge. */
const postSetup = sendTo<{ challenge: string }, TwoStepSetup>(
  'POST',
  '/auth/sign-in/two-step/setup',
  twoStepSetupSchema,
);

export const useSetupAtSignIn = () =>
  useMutation({ mutationFn: (challenge: string) => postSetup({ challenge }) });

/** POST …/two-step/enable: the first code turns it on; the session and ten recovery codes. */
const enableAtSignIn = sendTo<{ challenge: string; code: string }, TwoStepEnabledSession>(
  'POST',
  '/auth/sign-in/two-step/enable',
  twoStepEnabledSessionSchema,
);

export const useEnableAtSignIn = () => useMutation({ mutationFn: enableAtSignIn });
