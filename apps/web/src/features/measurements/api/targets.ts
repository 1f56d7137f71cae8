import { targetListSchema, type TargetList, type TargetsUpdate } from '@tend/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getQuery } from '../../../lib/api-hooks';
import { measurementKeys } from './keys';

const targetsPath = (patientId: string) => `/patients/${encodeURIComponent(patientId)}/targets`;

/** GET /api/v1/patients/{id}/targets: a doctor's own targets for a linked patient. */
export const useTargets = (patientId: string) =>
  useQuery(getQuery(measurementKeys.targets(patientId), targetsPath(patientId), targetListSchema));

/** PUT /api/v1/patients/{id}/targets: the doctor's whole set (kinds left out are cleared). */
export function useSaveTargets(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TargetsUpdate): Promise<TargetList> =>
      apiRequest(targetsPath(patientId), { method: 'PUT', body, schema: targetListSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(measurementKeys.targets(patientId), saved);
      // The summary says whether each target is met; the charts draw the bands.
      void queryClient.invalidateQueries({ queryKey: measurementKeys.ofPatient(patientId) });
      void queryClient.invalidateQueries({ queryKey: ['patients'] });
    },
  });
}
