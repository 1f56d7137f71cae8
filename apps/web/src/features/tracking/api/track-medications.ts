import { trackMedicationsSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { pagedQuery } from '../../../lib/api-hooks';
import { trackingKeys } from './keys';

export const isNoLongerShared = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404;

/**
 * GET /api/v1/trackmedications/{patientId}: a linked patient, today, and one page of their
 * medications with today's doses and adherence. 404 once the patient no longer shares (or never
 * did). Each read is in their access log. The patient and today from the first page, with the
 * medications of every page loaded so far.
 */
export function useTracking(patientId: string) {
  return useInfiniteQuery({
    ...pagedQuery(
      trackingKeys.patient(patientId),
      `/trackmedications/${encodeURIComponent(patientId)}`,
      trackMedicationsSchema,
    ),
    // A loaded query has at least its first page, so reduce always has a start.
    select: (data) =>
      data.pages.reduce((all, page) => ({
        ...all,
        medications: [...all.medications, ...page.medications],
      })),
    enabled: patientId !== '',
    retry: (count, error) => !isNoLongerShared(error) && count < 1,
  });
}
