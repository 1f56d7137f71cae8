import { prescriptionSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { prescriptionKeys } from './keys';

/** GET /api/v1/prescriptions/{id}: its patient, its doctor, or the pharmacy it is sent to now (else 404). */
export function usePrescription(id: string) {
  return useQuery({
    queryKey: prescriptionKeys.one(id),
    queryFn: ({ signal }) =>
      apiRequest(`/prescriptions/${encodeURIComponent(id)}`, {
        schema: prescriptionSchema,
        signal,
      }),
  });
}
