import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { USER_TYPES } from './constants.ts';
import { newPasswordSchema } from './password-policy.ts';
import { pharmacyDetailsSchema } from './pharmacies.ts';
import { isValidTimeZone } from './time-zone.ts';

export const emailSchema = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email({ error: 'Enter a valid email address, like name@example.com.' }));

const nameSchema = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(100, `Your ${label} can be at most 100 characters.`);

export const userTypeSchema = z.enum(USER_TYPES, { error: 'Choose patient, doctor or pharmacy.' });

/** SPEC.md §3 registration fields; DESIGN.md makes the email required. */
export const registerRequestSchema = z
  .strictObject({
    email: emailSchema,
    firstname: nameSchema('first name'),
    lastname: nameSchema('last name'),
    password: newPasswordSchema,
    userType: userTypeSchema.default('patient'),
    /** The browser's time zone, so "today" on the daily checklist is the patient's own day. */
    timezone: z
      .string()
      .max(64, 'Choose a time zone from the list.')
      .refine(isValidTimeZone, 'Choose a time zone from the list.')
      .optional(),
    /** The page's language at sign-up (the browser's, or the one picked), English if not sent. */
    language: z.enum(LANGUAGES, { error: 'Choose English or Spanish.' }).optional(),
    /** A pharmacy's own details: required of a pharmacy, refused from anyone else. */
    pharmacy: pharmacyDetailsSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.userType === 'pharmacy' && !body.pharmacy) {
      ctx.addIssue({
        code: 'custom',
        path: ['pharmacy'],
        message: "Enter the pharmacy's details.",
      });
    }
    if (body.userType !== 'pharmacy' && body.pharmacy) {
      ctx.addIssue({
        code: 'custom',
        path: ['pharmacy'],
        message: 'Only a pharmacy has pharmacy details.',
      });
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  userType: userTypeSchema,
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({ user: userSchema });

/**
 * A password typed to prove who one is (signing in, deleting the account, two-step sign-in): any
 * non-empty text up to 1024 characters; the policy applies only to new passwords.
 */
export const typedPasswordSchema = (message = 'Enter your password.') =>
  z.string({ error: message }).min(1, message).max(1024);

export const signInRequestSchema = z.strictObject({
  email: emailSchema,
  password: typedPasswordSchema(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** Sign-in and refresh answer alike: a short-lived access token plus who is signed in. */
export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
  userType: userTypeSchema,
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const changePasswordRequestSchema = z.strictObject({
  oldPassword: typedPasswordSchema('Enter your current password.'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const deleteAccountRequestSchema = z.strictObject({ password: typedPasswordSchema() });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
