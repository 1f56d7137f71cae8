import { prescriptionSchema, type Prescription } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { prescriptionKeys } from './keys';

/**
 * POST /api/v1/prescriptions/{id}/cancel `{ reason }`: its doctor, while it is active and nothing
 * is dispensed; otherwise a 409 saying what it is now. The patient is told, with the reason.
 */
export function cancelPrescription(id: string, reason: string): Promise<Prescription> {
  return apiRequest(`/prescriptions/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: { reason },
    schema: prescriptionSchema,
  });
}

export function useCancelPrescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelPrescription(id, reason),
    // A 409 means the prescription changed meanwhile (cancelled, expired, dispensed): show that too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: prescriptionKeys.all }),
  });
}
