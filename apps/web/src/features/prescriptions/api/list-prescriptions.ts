import { prescriptionListSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { prescriptionKeys } from './keys';

/** Prescriptions per page on the Prescriptions page. */
export const PRESCRIPTION_PAGE_SIZE = 20;

/**
 * GET /api/v1/prescriptions: the patient's own, or a pharmacy's (those sent to it now), newest
 * first. The pages loaded so far as one list; `fetchNextPage` adds the next.
 */
export function usePrescriptions(limit = PRESCRIPTION_PAGE_SIZE) {
  return useInfiniteQuery({
    ...pagedQuery(prescriptionKeys.list(limit), '/prescriptions', prescriptionListSchema, {
      limit,
    }),
    select: (data) => data.pages.flatMap((page) => page.prescriptions),
  });
}
