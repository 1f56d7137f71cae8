import { careLinkListSchema, PAGE_LIMIT_MAX } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { careKeys } from './keys';

export type CareLinkPage = z.infer<typeof careLinkListSchema>;

/**
 * GET /api/v1/care-links: the doctors this patient shares with. Pages are as large as the API allows,
 * which holds every link a patient may have (the cap is 100), so "already sharing" is always known.
 */
export function fetchCareLinkPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CareLinkPage> {
  return apiRequest(listPath('/care-links', cursor, { limit: PAGE_LIMIT_MAX }), {
    schema: careLinkListSchema,
    signal,
  });
}

export function useCareLinks() {
  return useInfiniteQuery({
    queryKey: careKeys.links,
    queryFn: ({ pageParam, signal }) => fetchCareLinkPage(pageParam, signal),
    ...cursorPaging,
    select: (data) => data.pages.flatMap((page) => page.careLinks),
  });
}
