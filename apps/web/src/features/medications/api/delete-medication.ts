import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { medicationKeys, medicationPath } from './keys';
import { updateCachedMedications } from './list-medications';

/** DELETE /api/v1/medications/{id}: 204; its dose history goes with it. */
export async function deleteMedication(id: string): Promise<void> {
  await apiRequest(medicationPath(id), { method: 'DELETE' });
}

export function useDeleteMedication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedication,
    onSuccess: async (_none, id) => {
      // Gone from the list at once, before the refetch confirms it.
      updateCachedMedications(queryClient, (list) =>
        list.filter((medication) => medication._id !== id),
      );
      queryClient.removeQueries({ queryKey: medicationKeys.detail(id) });
      queryClient.removeQueries({ queryKey: medicationKeys.doses(id) });
      await queryClient.invalidateQueries({ queryKey: medicationKeys.all });
    },
  });
}
