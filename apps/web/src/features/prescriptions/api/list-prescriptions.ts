import {
  prescriptionListSchema,
  type PrescriptionList,
  type PrescriptionListQuery,
} from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { prescriptionKeys } from './keys';

/** Prescriptions per page on the Prescriptions page. */
export const PRESCRIPTION_PAGE_SIZE = 20;

/** GET /api/v1/prescriptions: the patient's own, or a pharmacy's (those sent to it now), newest first. */
export function fetchPrescriptionPage(
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
  filter: Pick<PrescriptionListQuery, 'status' | 'fill'> = {},
): Promise<PrescriptionList> {
  return apiRequest(listPath('/prescriptions', cursor, { limit, ...filter }), {
    schema: prescriptionListSchema,
    signal,
  });
}

/** The pages loaded so far as one list; `fetchNextPage` adds the next. */
export function usePrescriptions(limit = PRESCRIPTION_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: prescriptionKeys.list(limit),
    queryFn: ({ pageParam, signal }) => fetchPrescriptionPage(limit, pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.prescriptions),
  });
}
