import { medicationListSchema, type Medication } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { medicationKeys } from './keys';

/** GET /api/v1/medications: each with `taken` for today in the patient's time zone. */
export async function fetchMedications(signal?: AbortSignal): Promise<Medication[]> {
  const { medications } = await apiRequest('/medications', {
    schema: medicationListSchema,
    signal,
  });
  return medications;
}

/** `live`: refetch when the person comes back to the tab, so a new day's checklist starts fresh. */
export function useMedications({ live = false }: { live?: boolean } = {}) {
  return useQuery({
    queryKey: medicationKeys.list(),
    queryFn: ({ signal }) => fetchMedications(signal),
    refetchOnWindowFocus: live,
  });
}
