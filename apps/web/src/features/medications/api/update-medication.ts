import { medicationSchema, type Medication, type MedicationInput } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { medicationKeys, medicationPath } from './keys';

/** PUT /api/v1/medications/{id}: replaces every field (the dose log stays). */
export function updateMedication(id: string, body: MedicationInput): Promise<Medication> {
  return apiRequest(medicationPath(id), { method: 'PUT', body, schema: medicationSchema });
}

export function useUpdateMedication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicationInput) => updateMedication(id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(medicationKeys.detail(id), saved);
      await queryClient.invalidateQueries({ queryKey: medicationKeys.all });
    },
  });
}
