import { prescriptionVerificationSchema, type PrescriptionVerification } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/v1/prescriptions/verify/{code}: a pharmacy checks a paper prescription by its printed
 * code. Valid or why not; 404 for a code Tend never issued, 429 after too many looks.
 */
export function verifyPrescription(code: string): Promise<PrescriptionVerification> {
  return apiRequest(`/prescriptions/verify/${encodeURIComponent(code)}`, {
    schema: prescriptionVerificationSchema,
  });
}

/** A look is an act (it is in the patient's access log), not cached data: a mutation, asked each time. */
export function useVerifyPrescription() {
  return useMutation({ mutationFn: verifyPrescription });
}
