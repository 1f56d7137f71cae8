import { emailConfirmationSentSchema, emailStatusSchema } from '@tend/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const EMAIL_STATUS_KEY = ['email-status'] as const;

/** GET /api/v1/me/email-status: is my address confirmed, and does this Tend send email at all. */
export function useEmailStatus() {
  return useQuery({
    queryKey: EMAIL_STATUS_KEY,
    queryFn: ({ signal }) => apiRequest('/me/email-status', { schema: emailStatusSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/v1/me/verify-email/resend: a new confirmation link, a few times an hour at most. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: async () => {
      const { message } = await apiRequest('/me/verify-email/resend', {
        method: 'POST',
        schema: emailConfirmationSentSchema,
      });
      return message;
    },
  });
}
