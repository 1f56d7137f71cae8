import { prescriptionListSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { prescriptionKeys } from './keys';
import { PRESCRIPTION_PAGE_SIZE } from './list-prescriptions';

/**
 * A pharmacy's queue: the active prescriptions sent to it whose fill is still open (requested,
 * preparing, ready), picked by the API (`fill=open`) however far back each was written.
 */
export function usePharmacyQueue() {
  return useInfiniteQuery({
    ...pagedQuery(prescriptionKeys.queue, '/prescriptions', prescriptionListSchema, {
      limit: PRESCRIPTION_PAGE_SIZE,
      status: 'active',
      fill: 'open',
    }),
    select: (data) => data.pages.flatMap((page) => page.prescriptions),
  });
}
