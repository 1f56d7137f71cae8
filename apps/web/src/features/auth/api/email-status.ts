import { emailConfirmationSentSchema, emailStatusSchema } from '@tend/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getQuery, sendTo } from '../../../lib/api-hooks';

export const EMAIL_STATUS_KEY = ['email-status'] as const;

/** GET /api/v1/me/email-status: is my address confirmed, and does this Tend send email at all. */
export const useEmailStatus = () =>
  useQuery({
    ...getQuery(EMAIL_STATUS_KEY, '/me/email-status', emailStatusSchema),
    staleTime: 5 * 60_000,
  });

const postResend = sendTo<void, { message: string }>(
  'POST',
  '/me/verify-email/resend',
  emailConfirmationSentSchema,
);

/** POST /api/v1/me/verify-email/resend: a new confirmation link, a few times an hour at most. */
export const useResendConfirmation = () =>
  useMutation({ mutationFn: async () => (await postResend()).message });
