import { accessLogSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { careKeys } from './keys';

export type AccessEvent = z.infer<typeof accessLogSchema>['events'][number];
type AccessLogPage = z.infer<typeof accessLogSchema>;

/** Entries per page: the latest few first, more on request. */
const PAGE_SIZE = 10;

/** GET /api/v1/me/access-log: who else looked at or changed access to this patient's data. */
export function fetchAccessLogPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AccessLogPage> {
  return apiRequest(listPath('/me/access-log', cursor, { limit: PAGE_SIZE }), {
    schema: accessLogSchema,
    signal,
  });
}

export function useAccessLog() {
  return useInfiniteQuery({
    queryKey: careKeys.accessLog,
    queryFn: ({ pageParam, signal }) => fetchAccessLogPage(pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.events),
  });
}
