import { PAGE_LIMIT_MAX, prescriptionListSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { currentFill, isOpenFill } from './fill-steps';
import { prescriptionKeys } from './keys';

/**
 * Pages of active prescriptions read at once for the queue before "Load more" is asked for: an
 * open fill can sit on an old prescription (a refill of one sent months ago), and the list is
 * ordered by when each was written, so one page is not enough to find today's work.
 */
const QUEUE_PAGES_AT_ONCE = 5;

/**
 * A pharmacy's queue: the prescriptions sent to it whose current fill is still open (requested,
 * preparing, ready), from `GET /prescriptions?status=active`. The API has no filter by fill
 * status, so the open ones are picked here from up to five pages of a hundred.
 */
export function usePharmacyQueue() {
  const query = useInfiniteQuery({
    queryKey: prescriptionKeys.queue,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        listPath('/prescriptions', pageParam, { status: 'active', limit: PAGE_LIMIT_MAX }),
        { schema: prescriptionListSchema, signal },
      ),
    ...cursorPaging,
    select: (data) => ({
      open: data.pages
        .flatMap((page) => page.prescriptions)
        .filter((p) => {
          const fill = currentFill(p);
          return fill !== null && isOpenFill(fill.status);
        }),
      pagesRead: data.pages.length,
    }),
  });
  const { hasNextPage, isFetching, isError, fetchNextPage, data } = query;
  const pagesRead = data?.pagesRead ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError && pagesRead < QUEUE_PAGES_AT_ONCE) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetching, isError, pagesRead, fetchNextPage]);
  return query;
}
