import { medicationSchema, type Medication, type MedicationInput } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { medicationKeys } from './keys';

/** POST /api/v1/medications: 201 with the new medication. */
export function createMedication(body: MedicationInput): Promise<Medication> {
  return apiRequest('/medications', { method: 'POST', body, schema: medicationSchema });
}

export function useCreateMedication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMedication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicationKeys.all }),
  });
}
