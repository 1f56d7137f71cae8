import { z } from 'zod';
import { sessionResponseSchema, typedPasswordSchema } from './auth.ts';
import { pageSchema } from './pagination.ts';

/** Roles a clinic may require two-step sign-in of (REQUIRE_TWO_STEP); pharmacy is a coming role. */
export const TWO_STEP_ROLES = ['patient', 'doctor', 'pharmacy'] as const;
export type TwoStepRole = (typeof TWO_STEP_ROLES)[number];

/** How many single-use recovery codes a person gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** A code from an authenticator app: 6 digits; spaces people type between groups are dropped. */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** The form a recovery code is compared (and hashed) in: without spaces or the dash, lower case. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** A recovery code as typed: letters and digits, with or without the dash, any case. */
export const recoveryCodeSchema = z
  .string({ error: 'Enter one of your recovery codes.' })
  .transform(normalizeRecoveryCode)
  .pipe(
    z
      .string()
      .regex(/^[a-z0-9]{10}$/, 'A recovery code is 10 letters and digits, like abcde-12345.'),
  );

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** The clinic requires it of this person's role: it cannot be turned off. */
  required: z.boolean(),
  recoverycodesleft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const twoStepSetupRequestSchema = z.strictObject({ password: typedPasswordSchema() });

/** A new, not yet confirmed authenticator secret: as text, as an otpauth:// address and as a QR code. */
export const twoStepSetupSchema = z.object({
  secret: z.string(),
  otpauthurl: z.string(),
  /** An SVG image of the otpauth address, as a data: URL. */
  qr: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const twoStepCodeRequestSchema = z.strictObject({ code: totpCodeSchema });
export const twoStepDisableRequestSchema = z.strictObject({
  password: typedPasswordSchema(),
  code: totpCodeSchema,
});

export const recoveryCodesSchema = z.object({ recoverycodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** A correct password for an account with two-step sign-in: no session yet, a challenge instead. */
export const twoStepChallengeSchema = z.object({
  twostep: z.enum(['required', 'setup_required']),
  challenge: z.string(),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

/** What POST /auth/sign-in answers: a session, or the second step to take first. */
export const signInResponseSchema = z.union([sessionResponseSchema, twoStepChallengeSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

const challengeSchema = z
  .string({ error: 'Please sign in again.' })
  .min(1, 'Please sign in again.')
  .max(200, 'Please sign in again.');

/** The second step: a code from the app, or one recovery code. */
export const twoStepSignInRequestSchema = z
  .strictObject({
    challenge: challengeSchema,
    code: totpCodeSchema.optional(),
    recoverycode: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoverycode === undefined), {
    message: 'Type the code from your app, or one recovery code (not both).',
    path: ['code'],
  });
export type TwoStepSignInRequest = z.input<typeof twoStepSignInRequestSchema>;

export const twoStepChallengeRequestSchema = z.strictObject({ challenge: challengeSchema });
export const twoStepSetupAtSignInRequestSchema = z.strictObject({
  challenge: challengeSchema,
  code: totpCodeSchema,
});

/** Setting up two-step sign-in while signing in (required by the clinic): the session and the codes. */
export const twoStepEnabledSessionSchema = sessionResponseSchema.extend({
  recoverycodes: z.array(z.string()),
});
export type TwoStepEnabledSession = z.infer<typeof twoStepEnabledSessionSchema>;

/** One of the caller's signed-in devices (a live session). */
export const deviceSessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastusedat: z.string(),
  /** Coarse, from the browser's User-Agent: "Chrome on Linux". */
  device: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const deviceSessionsSchema = pageSchema('sessions', deviceSessionSchema);
export type DeviceSessions = z.infer<typeof deviceSessionsSchema>;
