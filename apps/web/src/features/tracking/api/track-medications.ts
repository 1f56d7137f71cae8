import { trackMedicationsSchema, type TrackMedications } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { trackingKeys } from './keys';

/**
 * GET /api/v1/trackmedications/{patientId}: a linked patient's medications, today's doses and
 * adherence. 404 once the patient no longer shares (or never did). Each read is in their access log.
 */
export function fetchTracking(patientId: string, signal?: AbortSignal): Promise<TrackMedications> {
  return apiRequest(`/trackmedications/${encodeURIComponent(patientId)}`, {
    schema: trackMedicationsSchema,
    signal,
  });
}

export const isNoLongerShared = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404;

export function useTracking(patientId: string) {
  return useQuery({
    queryKey: trackingKeys.patient(patientId),
    queryFn: ({ signal }) => fetchTracking(patientId, signal),
    enabled: patientId !== '',
    retry: (count, error) => !isNoLongerShared(error) && count < 1,
  });
}
