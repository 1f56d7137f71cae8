import { measurementSummarySchema, type MeasurementSummary } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { listPath } from '../../../lib/paged-list';
import { measurementKeys } from './keys';

/**
 * GET /api/v1/measurements/summary: the latest reading of each kind with its category, the BMI and
 * the targets. `patientId` for a doctor's linked patient (each look is in their access log).
 */
export function fetchSummary(
  patientId: string | null,
  signal?: AbortSignal,
): Promise<MeasurementSummary> {
  return apiRequest(
    listPath('/measurements/summary', null, { patientId: patientId ?? undefined }),
    {
      schema: measurementSummarySchema,
      signal,
    },
  );
}

export function useMeasurementSummary(patientId: string | null) {
  return useQuery({
    queryKey: measurementKeys.summary(patientId),
    queryFn: ({ signal }) => fetchSummary(patientId, signal),
  });
}
