import { medicationSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { getQuery } from '../../../lib/api-hooks';
import { medicationKeys, medicationPath } from './keys';

/** GET /api/v1/medications/{id}: one of the patient's own (another's, or none, is 404). */
export function useMedication(id: string) {
  return useQuery({
    ...getQuery(medicationKeys.detail(id), medicationPath(id), medicationSchema),
    // A missing medication stays missing; only a failed connection is worth one more try.
    retry: (count, error) =>
      !(error instanceof ApiRequestError && error.status === 404) && count < 1,
  });
}
