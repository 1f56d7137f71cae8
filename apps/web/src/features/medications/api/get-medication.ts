import { medicationSchema, type Medication } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { medicationKeys, medicationPath } from './keys';

/** GET /api/v1/medications/{id}: one of the patient's own (another's, or none, is 404). */
export function fetchMedication(id: string, signal?: AbortSignal): Promise<Medication> {
  return apiRequest(medicationPath(id), { schema: medicationSchema, signal });
}

export function useMedication(id: string) {
  return useQuery({
    queryKey: medicationKeys.detail(id),
    queryFn: ({ signal }) => fetchMedication(id, signal),
    // A missing medication stays missing; only a failed connection is worth one more try.
    retry: (count, error) =>
      !(error instanceof ApiRequestError && error.status === 404) && count < 1,
  });
}
