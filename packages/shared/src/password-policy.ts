import { z } from 'zod';

/** DESIGN.md: at least 8 characters, up to 128, the most common passwords refused, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordPolicySchema = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  refuseCommon: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  refuseCommon: true,
};

/**
 * The length rules, in the words the sign-up form shows while typing and the server returns.
 * Whether a password is too common is only known to the server (the list is large).
 */
export function passwordLengthProblem(
  password: string,
  policy: PasswordPolicy = PASSWORD_POLICY,
): string | null {
  const length = [...password].length;
  if (length < policy.minLength) return `Use at least ${policy.minLength} characters.`;
  if (length > policy.maxLength) return `Use at most ${policy.maxLength} characters.`;
  return null;
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Choose another.';

/** A password field: any string within the policy's length (common-password check is on the server). */
export const newPasswordSchema = z
  .string({ error: 'Enter a password.' })
  // A code point is at most two UTF-16 units: anything longer is refused before it is counted.
  .max(PASSWORD_MAX_LENGTH * 2, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .superRefine((value, ctx) => {
    const problem = passwordLengthProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
