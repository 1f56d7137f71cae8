import { prescriptionSchema, type Prescription, type PrescriptionCreate } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { prescriptionKeys } from './keys';

/** POST /api/v1/prescriptions: 201 with the new prescription and its code; the patient is told. */
export function writePrescription(body: PrescriptionCreate): Promise<Prescription> {
  return apiRequest('/prescriptions', { method: 'POST', body, schema: prescriptionSchema });
}

export function useWritePrescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writePrescription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionKeys.all }),
  });
}
