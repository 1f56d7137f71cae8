import { z } from 'zod';
import { personSummarySchema } from './care.ts';
import { isValidDateOnly } from './profile.ts';
import { newPasswordSchema } from './password-policy.ts';
import { nextCursorSchema, pageQuerySchema } from './pagination.ts';

/**
 * Caregivers (DESIGN.md "Caregivers"): another patient account the patient chose, acting on the
 * patient's own routes for the areas given. Messages, the access log, account settings and care
 * links are never shared.
 */
export const CAREGIVER_AREAS = [
  'medications',
  'doses',
  'appointments',
  'prescriptions',
  'measurements',
  'reports',
] as const;
export type CaregiverArea = (typeof CAREGIVER_AREAS)[number];

/** Caregivers of one patient, invitations included; and people one account cares for. */
export const MAX_CAREGIVERS = 20;
/** An invitation not answered by then lapses. */
export const CAREGIVER_INVITATION_DAYS = 7;
export const MISSED_DOSE_DELAY_MIN = 15;
export const MISSED_DOSE_DELAY_MAX = 240;
export const MISSED_DOSE_DELAY_DEFAULT = 60;

export const DOSES_NEED_MEDICATIONS =
  'Ticking doses needs seeing the medications too: choose “Medications” as well.';

const areasSchema = z
  .array(z.enum(CAREGIVER_AREAS, { error: 'Choose among the areas Tend offers.' }))
  .max(CAREGIVER_AREAS.length)
  .transform((areas) => CAREGIVER_AREAS.filter((area) => areas.includes(area)))
  .refine((areas) => !areas.includes('doses') || areas.includes('medications'), {
    message: DOSES_NEED_MEDICATIONS,
  });

const delaySchema = z
  .number({ error: 'Choose a delay in minutes.' })
  .int('Choose a whole number of minutes.')
  .min(MISSED_DOSE_DELAY_MIN, `At least ${MISSED_DOSE_DELAY_MIN} minutes.`)
  .max(MISSED_DOSE_DELAY_MAX, `At most ${MISSED_DOSE_DELAY_MAX} minutes.`);

export const caregiverAlertsSchema = z.strictObject({
  misseddoses: z.boolean(),
  delayminutes: delaySchema.default(MISSED_DOSE_DELAY_DEFAULT),
});
export type CaregiverAlerts = z.output<typeof caregiverAlertsSchema>;

/** Someone else's address: a caregiver invited, or a dependent's own sign-in. */
const theirEmailSchema = z
  .string({ error: 'Enter their email address.' })
  .trim()
  .min(1, 'Enter their email address.')
  .max(254, 'At most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const caregiverInviteSchema = z.strictObject({
  email: theirEmailSchema,
  areas: areasSchema,
  alerts: caregiverAlertsSchema.default({
    misseddoses: false,
    delayminutes: MISSED_DOSE_DELAY_DEFAULT,
  }),
});
export type CaregiverInvite = z.input<typeof caregiverInviteSchema>;

/**
 * The patient changes the areas and the alerts' delay; the caregiver whether they want the alerts
 * (`alerts.misseddoses`). Each side is refused the other's fields in words.
 */
export const caregiverPatchSchema = z
  .strictObject({
    areas: areasSchema.optional(),
    alerts: z
      .strictObject({ misseddoses: z.boolean().optional(), delayminutes: delaySchema.optional() })
      .optional(),
  })
  .refine((patch) => patch.areas !== undefined || patch.alerts !== undefined, {
    message: 'Say what to change: the areas or the alerts.',
  });
export type CaregiverPatch = z.input<typeof caregiverPatchSchema>;

export const CAREGIVER_STATUSES = ['invited', 'active'] as const;

export const caregivingSchema = z.object({
  _id: z.string(),
  status: z.enum(CAREGIVER_STATUSES),
  /** The address invited (shown to the patient; to the caregiver, their own). */
  email: z.string(),
  areas: z.array(z.enum(CAREGIVER_AREAS)),
  alerts: z.object({ misseddoses: z.boolean(), delayminutes: z.number().int() }),
  /** The patient cared for. */
  patient: personSummarySchema,
  /** The caregiver, once accepted; null while invited. */
  caregiver: personSummarySchema.nullable(),
  /**
   * The patient is a dependent the caregiver made, without a sign-in of their own yet (they can be
   * given one: POST /dependents/{id}/invite).
   */
  dependent: z.boolean(),
  createdAt: z.iso.datetime(),
  /** When an invitation lapses; null once accepted. */
  expiresAt: z.iso.datetime().nullable(),
  acceptedAt: z.iso.datetime().nullable(),
});
export type Caregiving = z.infer<typeof caregivingSchema>;

export const caregiverListQuerySchema = pageQuerySchema.extend({
  /** `caregiver`: the people the caller cares for, and invitations to them; else the caller's caregivers. */
  as: z.enum(['patient', 'caregiver']).default('patient'),
});

export const caregivingListSchema = z.object({
  caregivers: z.array(caregivingSchema),
  nextCursor: nextCursorSchema,
});

/** The query field a caregiver names the patient with on the patient's own routes. */
export const onBehalfQuerySchema = z.strictObject({
  patientId: z.string().min(1).max(64).optional(),
});

/** Dependents one account may make (each also counts among the people it cares for). */
export const MAX_DEPENDENTS = 20;

const theirName = (label: string) =>
  z
    .string({ error: `Enter their ${label}.` })
    .trim()
    .min(1, `Enter their ${label}.`)
    .max(100, `Their ${label} can be at most 100 characters.`);

/** A dependent: a patient record without a sign-in, made and cared for by a patient (DESIGN.md). */
export const dependentInputSchema = z.strictObject({
  firstname: theirName('first name'),
  lastname: theirName('last name'),
  dateofbirth: z
    .string({ error: 'Enter their date of birth.' })
    .trim()
    .refine(isValidDateOnly, 'Enter a real date as YYYY-MM-DD.')
    .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), {
      message: 'Date of birth must be between 1900 and today.',
    }),
});
export type DependentInput = z.input<typeof dependentInputSchema>;

/** The address a dependent's own sign-in is sent to. */
export const dependentInviteSchema = z.strictObject({ email: theirEmailSchema });

export const dependentInvitationSentSchema = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime(),
});

/** What the emailed link's page shows before the dependent chooses a password. */
export const dependentInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  dependent: personSummarySchema,
  invitedBy: personSummarySchema,
  expiresAt: z.iso.datetime(),
});
export type DependentInvitation = z.infer<typeof dependentInvitationSchema>;

/** The dependent takes their sign-in: the link's secret and the password they choose. */
export const ownSignInSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
