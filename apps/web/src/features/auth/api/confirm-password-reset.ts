import {
  passwordResetDoneSchema,
  type PasswordResetConfirm,
  type PasswordResetDone,
  type SessionResponse,
} from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { sendTo } from '../../../lib/api-hooks';
import { signIn } from './sign-in';

/** POST /api/v1/auth/password-reset/confirm: sets the password; every session of the account ends. */
export const confirmPasswordReset = sendTo<PasswordResetConfirm, PasswordResetDone>(
  'POST',
  '/auth/password-reset/confirm',
  passwordResetDoneSchema,
);

export type ResetOutcome = { email: string; session: SessionResponse | null };

/**
 * Sets the new password, then signs in with it. The password is set even if that sign-in fails (a
 * pause after earlier wrong tries): the outcome then has no session and the person signs in later.
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: PasswordResetConfirm): Promise<ResetOutcome> => {
      const { email } = await confirmPasswordReset(body);
      try {
        const answer = await signIn({ email, password: body.newPassword });
        // Two-step sign-in still asks for its code: the person signs in on the sign-in page.
        return { email, session: 'twostep' in answer ? null : answer };
      } catch {
        return { email, session: null };
      }
    },
  });
}
