import { emailChangeDoneSchema, type EmailChangeDone } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/me';
import { EMAIL_STATUS_KEY } from './email-status';

/** POST /api/v1/auth/email-change/confirm: moves the account to the address the link was sent to. */
export function confirmEmailChange(token: string): Promise<EmailChangeDone> {
  return apiRequest('/auth/email-change/confirm', {
    method: 'POST',
    body: { token },
    schema: emailChangeDoneSchema,
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // A signed-in tab shows the new address, and no longer a pending one.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: EMAIL_STATUS_KEY });
    },
  });
}
