import { z } from 'zod';
import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { EMAIL_STATUS_KEY } from './email-status';

const verifiedSchema = z.object({ email: z.string() });

const postToken = sendTo<{ token: string }, { email: string }>(
  'POST',
  '/auth/verify-email',
  verifiedSchema,
);

/** POST /api/v1/auth/verify-email: confirms the address the link was sent to. */
export const verifyEmail = (token: string) => postToken({ token });

// The banner of a signed-in tab goes away.
export const useVerifyEmail = () => useRefreshingMutation(verifyEmail, [EMAIL_STATUS_KEY]);
