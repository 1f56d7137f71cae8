import { appointmentListSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { appointmentKeys, type ListQuery } from './keys';

/**
 * GET /api/v1/appointments: the caller's own, a page at a time. Pages join up in order;
 * `fetchNextPage` is the "Load more" button.
 */
export function useAppointments(query: ListQuery) {
  const { scope, status, limit } = query;
  return useInfiniteQuery({
    ...pagedQuery(appointmentKeys.list(query), '/appointments', appointmentListSchema, {
      scope,
      status,
      limit,
    }),
    select: (data) => data.pages.flatMap((page) => page.appointments),
  });
}
