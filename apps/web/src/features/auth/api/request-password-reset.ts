import { passwordResetRequestedSchema, type PasswordResetRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendTo } from '../../../lib/api-hooks';

const postRequest = sendTo<PasswordResetRequest, z.infer<typeof passwordResetRequestedSchema>>(
  'POST',
  '/auth/password-reset',
  passwordResetRequestedSchema,
);

/** POST /api/v1/auth/password-reset: 202 with the same words whether or not the address has an account. */
export const requestPasswordReset = async (body: PasswordResetRequest): Promise<string> =>
  (await postRequest(body)).message;

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
