import { patientListSchema, type LinkedPatient } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from './keys';

/** GET /api/v1/patients: the patients who share with this doctor, lowest adherence first. */
export async function fetchPatients(signal?: AbortSignal): Promise<LinkedPatient[]> {
  const { patients } = await apiRequest('/patients', { schema: patientListSchema, signal });
  return patients;
}

export function usePatients() {
  return useQuery({
    queryKey: trackingKeys.patients,
    queryFn: ({ signal }) => fetchPatients(signal),
  });
}
