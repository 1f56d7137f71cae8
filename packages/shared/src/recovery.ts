import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { newPasswordSchema } from './password-policy.ts';

/** How long an emailed password-reset link works (DESIGN.md: 30 minutes). */
export const PASSWORD_RESET_LINK_MINUTES = 30;
/** How long an address-confirmation link works. */
export const EMAIL_CONFIRMATION_LINK_DAYS = 7;
/** How long the link that confirms a new address (email change) works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/** What the request page says every time, whether or not an account uses the address. */
export const PASSWORD_RESET_REQUESTED =
  'If an account uses this email address, we have sent it a link to choose a new password. The link works for 30 minutes.';

export const INVALID_OR_EXPIRED_LINK =
  'This link has expired, was already used, or is not a Tend link. Ask for a new one.';

/** The token from an emailed link: 256 random bits, base64url (43 characters). */
const linkTokenSchema = z
  .string({ error: 'The link is incomplete.' })
  .min(1, 'The link is incomplete.')
  .max(200, 'The link is not a Tend link.');

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** 202, the same body whoever asked. */
export const passwordResetRequestedSchema = z.object({ message: z.string() });

export const passwordResetConfirmSchema = z.strictObject({
  token: linkTokenSchema,
  newPassword: newPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** The account's address, so the web app can sign the person in with the new password. */
export const passwordResetDoneSchema = z.object({ email: z.string(), message: z.string() });
export type PasswordResetDone = z.infer<typeof passwordResetDoneSchema>;

export const verifyEmailRequestSchema = z.strictObject({ token: linkTokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** Whether the signed-in person's current address is confirmed, and whether this Tend sends email at all. */
export const emailStatusSchema = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  sendable: z.boolean(),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

export const emailConfirmationSentSchema = z.object({ message: z.string() });

/** POST /auth/email-change/confirm: the token from the link sent to the new address. */
export const emailChangeConfirmSchema = z.strictObject({ token: linkTokenSchema });

/** The account's address from now on. */
export const emailChangeDoneSchema = z.object({ email: z.string(), message: z.string() });
export type EmailChangeDone = z.infer<typeof emailChangeDoneSchema>;
