import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPaging } from '../../../lib/paged-list';
import { prescriptionKeys } from './keys';
import { PRESCRIPTION_PAGE_SIZE, fetchPrescriptionPage } from './list-prescriptions';

/**
 * A pharmacy's queue: the active prescriptions sent to it whose fill is still open (requested,
 * preparing, ready), picked by the API (`fill=open`) however far back each was written.
 */
export function usePharmacyQueue() {
  return useInfiniteQuery({
    queryKey: prescriptionKeys.queue,
    queryFn: ({ pageParam, signal }) =>
      fetchPrescriptionPage(PRESCRIPTION_PAGE_SIZE, pageParam, signal, {
        status: 'active',
        fill: 'open',
      }),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.prescriptions),
  });
}
