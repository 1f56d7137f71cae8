import { accessLogSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { pagedQuery } from '../../../lib/api-hooks';
import { careKeys } from './keys';

export type AccessEvent = z.infer<typeof accessLogSchema>['events'][number];

/** Entries per page: the latest few first, more on request. */
const PAGE_SIZE = 10;

/** GET /api/v1/me/access-log: who else looked at or changed access to this patient's data. */
export function useAccessLog() {
  return useInfiniteQuery({
    ...pagedQuery(careKeys.accessLog, '/me/access-log', accessLogSchema, { limit: PAGE_SIZE }),
    select: (data) => data.pages.flatMap((page) => page.events),
  });
}
