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
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/sign-in/two-step: a code (or a recovery code) for the challenge; the session. */
function finishTwoStep(body: TwoStepSignInRequest): Promise<SessionResponse> {
  return apiRequest('/auth/sign-in/two-step', {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
  });
}

export function useFinishTwoStep() {
  return useMutation({ mutationFn: finishTwoStep });
}

/** POST …/two-step/setup: required by the clinic, a secret and QR code for this sign-in's challenge. */
function setupAtSignIn(challenge: string): Promise<TwoStepSetup> {
  return apiRequest('/auth/sign-in/two-step/setup', {
    method: 'POST',
    body: { challenge },
    schema: twoStepSetupSchema,
  });
}

export function useSetupAtSignIn() {
  return useMutation({ mutationFn: setupAtSignIn });
}

/** POST …/two-step/enable: the first code turns it on; the session and ten recovery codes. */
function enableAtSignIn(body: { challenge: string; code: string }): Promise<TwoStepEnabledSession> {
  return apiRequest('/auth/sign-in/two-step/enable', {
    method: 'POST',
    body,
    schema: twoStepEnabledSessionSchema,
  });
}

export function useEnableAtSignIn() {
  return useMutation({ mutationFn: enableAtSignIn });
}
