import { passwordResetRequestedSchema, type PasswordResetRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/auth/password-reset: 202 with the same words whether or not the address has an account. */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<string> {
  const { message } = await apiRequest('/auth/password-reset', {
    method: 'POST',
    body,
    schema: passwordResetRequestedSchema,
  });
  return message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
