import { reportListSchema, type Report, type ReportList } from '@tend/shared';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { reportKeys } from './keys';

/** Reports per page on the Medical Report pages. */
export const REPORT_PAGE_SIZE = 20;

/**
 * GET /api/v1/reports: newest first. A patient leaves `patientId` out for their own; a doctor names
 * a linked patient, or leaves it out for the newest of all who share with them (each list is written
 * to the access log of every patient it shows). The pages loaded so far as one list;
 * `fetchNextPage` adds the next.
 */
export function useReports(patientId: string | null, limit = REPORT_PAGE_SIZE) {
  return useInfiniteQuery({
    ...pagedQuery(reportKeys.list(patientId, limit), '/reports', reportListSchema, {
      patientId: patientId ?? undefined,
      limit,
    }),
    select: (data) => data.pages.flatMap((page) => page.reports),
  });
}

/** A report some loaded list holds, so a page opened from it can name it without asking again. */
export function cachedReport(queryClient: QueryClient, id: string): Report | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<ReportList>>({
    queryKey: reportKeys.lists,
  })) {
    const found = data?.pages.flatMap((page) => page.reports).find((report) => report._id === id);
    if (found) return found;
  }
  return undefined;
}
