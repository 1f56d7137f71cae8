import { signInResponseSchema, type SignInResponse, type SignInRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/auth/sign-in: the access token in the body, the refresh token as a cookie; or, for
 * two-step sign-in, a challenge to answer first (no session yet).
 */
export function signIn(body: SignInRequest): Promise<SignInResponse> {
  return apiRequest('/auth/sign-in', { method: 'POST', body, schema: signInResponseSchema });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
