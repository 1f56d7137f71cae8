import { z } from 'zod';
import { TIME_FREQUENCIES } from './constants.ts';
import { pageSchema } from './pagination.ts';
import { isValidDateOnly } from './profile.ts';

const dateOnly = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .max(10, `Enter the ${label} as a real date (YYYY-MM-DD).`)
    .refine(isValidDateOnly, `Enter the ${label} as a real date (YYYY-MM-DD).`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullable();

const medicationFields = {
  name: z
    .string({ error: 'Enter the medication’s name.' })
    .trim()
    .min(1, 'Enter the medication’s name.')
    .max(200, 'At most 200 characters.'),
  /** Shown as "Prescription" (SPEC.md §3). */
  description: optionalText(1000),
  dosage: optionalText(200),
  note: optionalText(1000),
  startdate: dateOnly('start date'),
  enddate: dateOnly('end date').nullable(),
  timefrequency: z.enum(TIME_FREQUENCIES, { error: 'Choose day, afternoon or night.' }),
};

// Only judged when both are real dates; a malformed one already has its own message.
const endNotBeforeStart = (m: { startdate?: string; enddate?: string | null }) =>
  !m.startdate ||
  !m.enddate ||
  !isValidDateOnly(m.startdate) ||
  !isValidDateOnly(m.enddate) ||
  m.enddate >= m.startdate;
const endMessage = { message: 'The end date cannot be before the start date.', path: ['enddate'] };

/** POST /medications and PUT /medications/{id}: the whole medication. */
export const medicationInputSchema = z
  .strictObject({
    ...medicationFields,
    description: medicationFields.description.optional().default(null),
    dosage: medicationFields.dosage.optional().default(null),
    note: medicationFields.note.optional().default(null),
    enddate: medicationFields.enddate.optional().default(null),
  })
  .refine(endNotBeforeStart, endMessage);
export type MedicationInput = z.input<typeof medicationInputSchema>;
/** A medication input after validation: defaults applied, blanks turned to null. */
export type MedicationData = z.output<typeof medicationInputSchema>;

/** PATCH /medications/{id}: any fields, plus `taken`, which records today's dose (SPEC.md §4). */
export const medicationPatchSchema = z
  .strictObject({
    name: medicationFields.name.optional(),
    description: medicationFields.description.optional(),
    dosage: medicationFields.dosage.optional(),
    note: medicationFields.note.optional(),
    startdate: medicationFields.startdate.optional(),
    enddate: medicationFields.enddate.optional(),
    timefrequency: medicationFields.timefrequency.optional(),
    taken: z.boolean({ error: 'taken must be true or false.' }).optional(),
  })
  .refine(endNotBeforeStart, endMessage);
export type MedicationPatch = z.input<typeof medicationPatchSchema>;
export type MedicationChanges = z.output<typeof medicationPatchSchema>;

export const medicationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  dosage: z.string().nullable(),
  note: z.string().nullable(),
  startdate: z.string(),
  enddate: z.string().nullable(),
  timefrequency: z.enum(TIME_FREQUENCIES),
  /** Taken today, in the patient's time zone. */
  taken: z.boolean(),
  /** The prescription a pharmacy dispensed it from; null for one the patient added. */
  prescriptionId: z.string().nullable(),
  /** Whole units dispensed for this time of day's doses (all fills so far); null when not dispensed. */
  supply: z.number().int().nullable(),
});
export type Medication = z.infer<typeof medicationSchema>;

export const medicationListSchema = pageSchema('medications', medicationSchema);

export const doseSchema = z.object({ date: z.string(), taken: z.boolean() });
export type Dose = z.infer<typeof doseSchema>;

export const doseInputSchema = z.strictObject({
  taken: z.boolean({ error: 'taken must be true or false.' }),
});

export const doseRangeQuerySchema = z
  .strictObject({
    from: dateOnly('first day').optional(),
    to: dateOnly('last day').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to.',
    path: ['from'],
  });

export const doseHistorySchema = z.object({
  from: z.string(),
  to: z.string(),
  doses: z.array(doseSchema),
});

export const adherenceFigureSchema = z.object({ taken: z.number().int(), due: z.number().int() });

export const myAdherenceSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: adherenceFigureSchema,
  medications: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      /** A medicine taken at several times of day is one entry per time; this says which. */
      timefrequency: z.enum(TIME_FREQUENCIES),
      adherence: adherenceFigureSchema,
    }),
  ),
});
