import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { EMAIL_STATUS_KEY } from './email-status';

/** POST /api/v1/auth/verify-email: confirms the address the link was sent to. */
export function verifyEmail(token: string): Promise<{ email: string }> {
  return apiRequest('/auth/verify-email', {
    method: 'POST',
    body: { token },
    schema: z.object({ email: z.string() }),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The banner of a signed-in tab goes away.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMAIL_STATUS_KEY }),
  });
}
