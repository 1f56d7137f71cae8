import { fillSchema, prescriptionListSchema, prescriptionSchema } from '@tend/shared';
import { z } from 'zod';

/**
 * A prescription as the fill workflow answers it (DESIGN.md "Prescriptions and pharmacies"): each
 * fill's `dispensedAt`, and the renewal the patient asked the doctor for at 0 refills. The fill API
 * (branch fills-api) adds them to the shared schema; until that lands they are read here, optional,
 * so an answer without them still parses. Once the shared schema carries them this can go.
 */
export const RENEWAL_STATUSES = ['requested', 'approved', 'refused'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

const renewalSchema = z.object({
  status: z.enum(RENEWAL_STATUSES),
  reason: z.string().nullable(),
  requestedAt: z.string(),
});
export type Renewal = z.infer<typeof renewalSchema>;

export const trackedFillSchema = fillSchema.extend({ dispensedAt: z.string().nullish() });
export type TrackedFill = z.infer<typeof trackedFillSchema>;

export const trackedPrescriptionSchema = prescriptionSchema.extend({
  fills: z.array(trackedFillSchema),
  renewal: renewalSchema.nullish(),
});
export type TrackedPrescription = z.infer<typeof trackedPrescriptionSchema>;

export const trackedPrescriptionListSchema = prescriptionListSchema.extend({
  prescriptions: z.array(trackedPrescriptionSchema),
});
export type TrackedPrescriptionList = z.infer<typeof trackedPrescriptionListSchema>;
