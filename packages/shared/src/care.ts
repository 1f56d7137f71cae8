import { z } from 'zod';
import { adherenceFigureSchema, medicationSchema } from './medications.ts';
import { nextCursorSchema, pageSchema, pageQuerySchema } from './pagination.ts';
import { USER_TYPES } from './constants.ts';
import { MEASUREMENT_KINDS } from './measurements.ts';
import { currencySchema } from './money.ts';

export const personSummarySchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const doctorSummarySchema = personSummarySchema.extend({
  specialty: z.string().nullable(),
  location: z.string().nullable(),
  yearsofexperience: z.number().int().nullable(),
  consultationfee: z.number().nullable(),
  /** The clinic's currency (ISO 4217) the fee is in (DESIGN "Money"). */
  currency: currencySchema,
  bio: z.string().nullable(),
});
export type DoctorSummary = z.infer<typeof doctorSummarySchema>;

export const doctorSearchQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'At most 100 characters.').optional(),
  /** Doctors whose specialty contains these words, e.g. from a specialty picker. */
  specialty: z.string().trim().max(100, 'At most 100 characters.').optional(),
});
export const doctorListSchema = pageSchema('doctors', doctorSummarySchema);

export const careLinkRequestSchema = z.strictObject({
  doctorId: z.string({ error: 'Choose a doctor.' }).min(1, 'Choose a doctor.').max(64),
});

export const careLinkSchema = z.object({
  _id: z.string(),
  patient: personSummarySchema,
  doctor: doctorSummarySchema,
  createdAt: z.string(),
});
export type CareLink = z.infer<typeof careLinkSchema>;
export const careLinkListSchema = pageSchema('careLinks', careLinkSchema);

export const linkedPatientSchema = personSummarySchema.extend({
  dateofbirth: z.string().nullable(),
  linkedAt: z.string(),
  /** Doses taken / due over the last 7 days, all medications together. */
  adherence7: adherenceFigureSchema,
  /**
   * Kinds of measurement with a reading outside this doctor's target taken in the last 7 days (by
   * the current targets; a deleted reading no longer counts), in MEASUREMENT_KINDS order.
   */
  outsidetarget: z.array(z.enum(MEASUREMENT_KINDS)),
});
export type LinkedPatient = z.infer<typeof linkedPatientSchema>;
export const patientListSchema = pageSchema('patients', linkedPatientSchema);

export const dayStateSchema = z.object({
  date: z.string(),
  /** null: the medication was not due that day. */
  taken: z.boolean().nullable(),
});

export const trackedMedicationSchema = medicationSchema
  .pick({
    _id: true,
    name: true,
    description: true,
    dosage: true,
    startdate: true,
    enddate: true,
    timefrequency: true,
    taken: true,
  })
  .extend({
    adherence7: adherenceFigureSchema,
    adherence30: adherenceFigureSchema,
    /** The last 14 days, oldest first. */
    recent: z.array(dayStateSchema),
  });
export type TrackedMedication = z.infer<typeof trackedMedicationSchema>;

export const trackMedicationsSchema = z.object({
  patient: personSummarySchema.extend({ timezone: z.string() }),
  today: z.string(),
  /** One page of the patient's medications, in the order they were added. */
  medications: z.array(trackedMedicationSchema),
  nextCursor: nextCursorSchema,
});
export type TrackMedications = z.infer<typeof trackMedicationsSchema>;

export const accessLogSchema = z.object({
  events: z.array(
    z.object({
      _id: z.string(),
      action: z.string(),
      /** What happened, in words for the patient. */
      description: z.string(),
      actor: personSummarySchema.extend({ userType: z.enum(USER_TYPES) }).nullable(),
      /**
       * The patient a caregiver (the actor) looked or acted for; null for anyone else's event.
       * The log reads "by Ana Silva, caregiver", and an action "… by Ana Silva for Maria Silva".
       */
      onBehalfOf: personSummarySchema.nullable(),
      createdAt: z.string(),
    }),
  ),
  nextCursor: nextCursorSchema,
});
