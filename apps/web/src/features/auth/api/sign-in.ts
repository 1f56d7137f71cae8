import { signInResponseSchema, type SignInResponse, type SignInRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { sendTo } from '../../../lib/api-hooks';

/**
 * POST /api/v1/auth/sign-in: the access token in the body, the refresh token as a cookie; or, for
 * two-step sign-in, a challenge to answer first (no session yet).
 */
export const signIn = sendTo<SignInRequest, SignInResponse>(
  'POST',
  '/auth/sign-in',
  signInResponseSchema,
);

export const useSignIn = () => useMutation({ mutationFn: signIn });
