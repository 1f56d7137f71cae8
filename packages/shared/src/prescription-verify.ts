import { z } from 'zod';
import { writtenPrescriptionFields } from './prescriptions.ts';

/**
 * GET /prescriptions/verify/{code}: a pharmacy checks a paper prescription by the code printed on it
 * (DESIGN.md "Prescriptions and pharmacies"). The answer holds only what the printed prescription
 * shows, so a pharmacy learns nothing more of the patient than the paper in its hand already told it.
 */
export const VERIFY_REASONS = ['cancelled', 'expired', 'no_fills_left'] as const;
export type VerifyReason = (typeof VERIFY_REASONS)[number];

export const verifiedPrescriptionSchema = z.object({
  /** Grouped as printed: "7KQ4-M9XT-2WC". */
  code: z.string(),
  doctor: z.object({ name: z.string(), specialty: z.string().nullable() }),
  ...writtenPrescriptionFields,
  patient: z.object({ name: z.string(), dateofbirth: z.string().nullable() }),
  createdAt: z.string(),
});
export type VerifiedPrescription = z.infer<typeof verifiedPrescriptionSchema>;

export const prescriptionVerificationSchema = z.object({
  valid: z.boolean(),
  /** Why it cannot be filled; null when it can. */
  reason: z.enum(VERIFY_REASONS).nullable(),
  /** The verdict in words for the pharmacist at the counter. */
  message: z.string(),
  prescription: verifiedPrescriptionSchema,
});
export type PrescriptionVerification = z.infer<typeof prescriptionVerificationSchema>;

/** The path parameter as typed or scanned; the server normalises it (normalizePrescriptionCode). */
export const verifyCodeParamsSchema = z.object({
  code: z.string().max(64, 'A prescription code is 11 letters and digits, like 7KQ4-M9XT-2WC.'),
});
