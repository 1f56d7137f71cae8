import { z } from 'zod';
import { personSummarySchema } from './care.ts';

/** The pharmacy a prescription or fill went to: its name in the directory, and its account. */
export const prescriptionPharmacySchema = personSummarySchema.extend({ name: z.string() });
import { TIME_FREQUENCIES } from './constants.ts';
import { pageSchema, pageQuerySchema } from './pagination.ts';
import { isValidDateOnly } from './profile.ts';

/**
 * Prescriptions (DESIGN.md "Prescriptions and pharmacies"), modelled on FHIR R4 MedicationRequest;
 * a fill is a MedicationDispense. Statuses: active → completed (no fills left) · cancelled · expired.
 */
export const PRESCRIPTION_STATUSES = ['active', 'completed', 'cancelled', 'expired'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

export const FILL_STATUSES = ['requested', 'preparing', 'ready', 'dispensed', 'refused'] as const;
export type FillStatus = (typeof FILL_STATUSES)[number];

/** Refills after the first fill: 0–11, so at most a year of monthly fills. */
export const MAX_REFILLS = 11;
/** Active prescriptions one patient may hold; nobody reaches it honestly (DESIGN.md "Reliability rules"). */
export const MAX_ACTIVE_PRESCRIPTIONS = 500;
/** Units handed out in one fill (tablets, millilitres, puffs …). */
export const MAX_QUANTITY = 10_000;

const text = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `At most ${max} characters.`);

export const prescribedMedicationSchema = z.strictObject({
  name: text('the medication’s name', 200),
  /** e.g. "500 mg", "5 mg/ml". */
  strength: text('the strength, e.g. 500 mg', 100),
  /** e.g. "tablet", "oral solution", "inhaler". */
  form: text('the form, e.g. tablet', 100),
});

export const prescribedDoseSchema = z.strictObject({
  amount: z
    .number({ error: 'Enter how much is taken each time, as a number.' })
    .positive('The amount taken each time must be more than zero.')
    .max(1000, 'At most 1000 units at a time.')
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'Use at most three decimals.'),
  /** What one unit is: "tablet", "ml", "puff". */
  unit: text('the unit, e.g. tablet or ml', 30),
  timesofday: z
    .array(z.enum(TIME_FREQUENCIES, { error: 'Choose day, afternoon or night.' }), {
      error: 'Choose when it is taken: day, afternoon or night.',
    })
    .min(1, 'Choose at least one time of day.')
    .max(3, 'Choose each time of day at most once.')
    .refine((times) => new Set(times).size === times.length, 'Choose each time of day once.'),
});
export type PrescribedDose = z.infer<typeof prescribedDoseSchema>;

const validUntilMessage = 'Enter the last day it is valid as a date (YYYY-MM-DD).';

/** POST /prescriptions: a doctor, for a patient who shares with them. */
export const prescriptionCreateSchema = z.strictObject({
  patientId: z.string({ error: 'Choose a patient.' }).min(1, 'Choose a patient.').max(64),
  medication: prescribedMedicationSchema,
  dose: prescribedDoseSchema,
  quantity: z
    .number({ error: 'Enter how many units each fill hands out.' })
    .int('Enter a whole number of units.')
    .min(1, 'At least 1 unit.')
    .max(MAX_QUANTITY, `At most ${MAX_QUANTITY} units.`),
  refills: z
    .number({ error: `Enter the number of refills, 0 to ${MAX_REFILLS}.` })
    .int(`Enter a whole number of refills, 0 to ${MAX_REFILLS}.`)
    .min(0, `Enter a number of refills from 0 to ${MAX_REFILLS}.`)
    .max(MAX_REFILLS, `At most ${MAX_REFILLS} refills.`),
  /** The last day it may be filled, in the patient's time zone; today up to a year ahead. */
  validuntil: z.string({ error: validUntilMessage }).refine(isValidDateOnly, validUntilMessage),
  /** For the patient: how to take it. */
  instructions: text('instructions for the patient', 1000),
  /** For the pharmacist, not shown to the patient (docs/decisions/025). */
  note: z.string().trim().max(1000, 'At most 1000 characters.').optional(),
});
export type PrescriptionCreate = z.input<typeof prescriptionCreateSchema>;
export type PrescriptionCreateData = z.output<typeof prescriptionCreateSchema>;

/** The same day a year later (29 February → 28 February). */
export function oneYearAfter(date: string): string {
  const year = String(Number(date.slice(0, 4)) + 1).padStart(4, '0');
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${year}-${monthDay}`;
}

/** Why `validuntil` cannot be used on `today` (the patient's day), or null when it can. */
export function validUntilProblem(validuntil: string, today: string): string | null {
  if (validuntil < today) return 'The last valid day cannot be in the past.';
  if (validuntil > oneYearAfter(today)) {
    return `A prescription is valid for at most a year: choose ${oneYearAfter(today)} or earlier.`;
  }
  return null;
}

export const prescriptionListQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(PRESCRIPTION_STATUSES, { error: 'status is active, completed, cancelled or expired.' })
    .optional(),
  /** A doctor narrows the list to one patient who shares with them. */
  patientId: z.string().min(1, 'Choose a patient.').max(64, 'Choose a patient.').optional(),
  /** "open": only those with a fill still at the pharmacy (requested, preparing, ready): its queue. */
  fill: z.enum(['open'], { error: 'fill is open, or left out for every prescription.' }).optional(),
});
export type PrescriptionListQuery = z.input<typeof prescriptionListQuerySchema>;

/** POST /prescriptions/{id}/send: its patient, to a pharmacy from the directory. */
export const prescriptionSendSchema = z.strictObject({
  pharmacyId: z.string().min(1, 'Choose a pharmacy.').max(64, 'Choose a pharmacy.'),
});
export type PrescriptionSend = z.infer<typeof prescriptionSendSchema>;

export const prescriptionCancelSchema = z.strictObject({
  reason: text('why the prescription is cancelled', 500),
});

/** 11 characters of 31 that cannot be mistaken for one another (no 0/O, 1/I/L): ≈ 54 bits. */
export const PRESCRIPTION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PRESCRIPTION_CODE_LENGTH = 11;

/** "7KQ4M9XT2WC" → "7KQ4-M9XT-2WC": how a code is printed and read aloud. */
export function groupPrescriptionCode(code: string): string {
  return [code.slice(0, 4), code.slice(4, 8), code.slice(8)].filter(Boolean).join('-');
}

/** What a person typed (any case, spaces or dashes) → the code as stored, or null if it cannot be one. */
export function normalizePrescriptionCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== PRESCRIPTION_CODE_LENGTH) return null;
  return [...code].every((c) => PRESCRIPTION_CODE_ALPHABET.includes(c)) ? code : null;
}

export const fillSchema = z.object({
  _id: z.string(),
  /** 1 for the first fill, 2 for the first refill … */
  number: z.number().int(),
  pharmacy: prescriptionPharmacySchema.nullable(),
  status: z.enum(FILL_STATUSES),
  /** Why the pharmacy refused it; null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it was handed over; null until dispensed. */
  dispensedAt: z.string().nullable(),
});
export type Fill = z.infer<typeof fillSchema>;

/** A fill still at the pharmacy: the prescription's latest fill in one of these can be moved on. */
export const OPEN_FILL_STATUSES = ['requested', 'preparing', 'ready'] as const;
/** What a pharmacy may set the open fill to: requested → preparing → ready → dispensed, or refused. */
export const FILL_STEPS = ['preparing', 'ready', 'dispensed', 'refused'] as const;
export type FillStep = (typeof FILL_STEPS)[number];

const reasonText = (what: string) =>
  z
    .string({ error: `Say ${what}.` })
    .trim()
    .min(1, `Say ${what}.`)
    .max(500, 'At most 500 characters.');

/** POST /prescriptions/{id}/fills/current: the pharmacy it was sent to moves its open fill on. */
export const fillUpdateSchema = z
  .strictObject({
    status: z.enum(FILL_STEPS, { error: 'status is preparing, ready, dispensed or refused.' }),
    /** Why it is refused: required for `refused`, not taken otherwise. */
    reason: reasonText('why the fill is refused').optional(),
  })
  .refine((v) => v.status !== 'refused' || v.reason !== undefined, {
    path: ['reason'],
    message: 'Say why the fill is refused.',
  })
  .refine((v) => v.status === 'refused' || v.reason === undefined, {
    path: ['reason'],
    message: 'A reason is given only when refusing a fill.',
  });
export type FillUpdate = z.input<typeof fillUpdateSchema>;

/** POST /prescriptions/{id}/renewal: its doctor answers the patient's request for a renewal. */
export const renewalDecisionSchema = z
  .strictObject({
    approve: z.boolean({ error: 'approve must be true or false.' }),
    /** Why it is refused: required when refusing, optional when approving. */
    reason: reasonText('why the renewal is refused').optional(),
  })
  .refine((v) => v.approve || v.reason !== undefined, {
    path: ['reason'],
    message: 'Say why the renewal is refused.',
  });
export type RenewalDecision = z.input<typeof renewalDecisionSchema>;

export const RENEWAL_STATUSES = ['requested', 'approved', 'refused'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/** The patient's request for a new prescription once no refills are left, and the doctor's answer. */
export const renewalSchema = z.object({
  status: z.enum(RENEWAL_STATUSES),
  /** The doctor's reason (required when refused). */
  reason: z.string().nullable(),
  requestedAt: z.string(),
  /** When the doctor answered; null while requested. */
  decidedAt: z.string().nullable(),
  /** The new prescription an approval wrote; null otherwise. */
  prescriptionId: z.string().nullable(),
});
export type Renewal = z.infer<typeof renewalSchema>;

/**
 * What the doctor wrote, as every answer shows it: the patient's and the pharmacy's lists and the
 * check of a paper prescription by its code (prescription-verify.ts).
 */
export const writtenPrescriptionFields = {
  medication: z.object({ name: z.string(), strength: z.string(), form: z.string() }),
  dose: z.object({
    amount: z.number(),
    unit: z.string(),
    timesofday: z.array(z.enum(TIME_FREQUENCIES)),
  }),
  quantity: z.number().int(),
  refills: z.number().int(),
  refillsleft: z
    .number()
    .int()
    .describe(
      'The refills that can still be asked for: those allowed, less each refill asked for that the pharmacy did not refuse (the first fill is not a refill).',
    ),
  validuntil: z.string(),
  instructions: z.string(),
};

export const prescriptionSchema = z.object({
  _id: z.string(),
  /** The verification code, grouped for reading: "7KQ4-M9XT-2WC". */
  code: z.string(),
  status: z.enum(PRESCRIPTION_STATUSES),
  /** Name and date of birth: what is printed on it. */
  patient: personSummarySchema.extend({ dateofbirth: z.string().nullable() }),
  doctor: personSummarySchema.extend({ specialty: z.string().nullable() }),
  /** The pharmacy it was sent to; null until the patient sends it. */
  pharmacy: prescriptionPharmacySchema.nullable(),
  ...writtenPrescriptionFields,
  /**
   * The doctor's note to the pharmacist: answered to the doctor and to the pharmacy it was sent to
   * (null when none), left out for the patient.
   */
  note: z.string().nullable().optional(),
  fills: z.array(fillSchema),
  /** Null until the patient asks for a renewal (POST …/refill with no refills left). */
  renewal: renewalSchema.nullable(),
  cancelreason: z.string().nullable(),
  createdAt: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

/**
 * POST /prescriptions/{id}/refill: the next fill was asked of the same pharmacy, or (no refills
 * left) a renewal of the doctor. `prescription` is the one the request was about, as it is now.
 */
export const refillResultSchema = z.object({
  outcome: z.enum(['refill_requested', 'renewal_requested']),
  prescription: prescriptionSchema,
});
export type RefillResult = z.infer<typeof refillResultSchema>;

export const prescriptionListSchema = pageSchema('prescriptions', prescriptionSchema);
export type PrescriptionList = z.infer<typeof prescriptionListSchema>;
