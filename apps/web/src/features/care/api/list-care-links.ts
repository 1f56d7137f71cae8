import { careLinkListSchema, PAGE_LIMIT_MAX } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { pagedQuery } from '../../../lib/api-hooks';
import { careKeys } from './keys';

export type CareLinkPage = z.infer<typeof careLinkListSchema>;

/**
 * GET /api/v1/care-links: the doctors this patient shares with. Pages are as large as the API allows,
 * which holds every link a patient may have (the cap is 100), so "already sharing" is always known.
 */
export function useCareLinks() {
  return useInfiniteQuery({
    ...pagedQuery(careKeys.links, '/care-links', careLinkListSchema, { limit: PAGE_LIMIT_MAX }),
    select: (data) => data.pages.flatMap((page) => page.careLinks),
  });
}
