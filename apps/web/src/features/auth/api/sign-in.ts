import { sessionResponseSchema, type SessionResponse, type SignInRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/sign-in: the access token in the body, the refresh token as a cookie. */
export function signIn(body: SignInRequest): Promise<SessionResponse> {
  return apiRequest('/auth/sign-in', { method: 'POST', body, schema: sessionResponseSchema });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
