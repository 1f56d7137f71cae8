import { appointmentListSchema, type AppointmentList } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys, type ListQuery } from './keys';

/** GET /api/v1/appointments: the caller's own, a page at a time. */
export function fetchAppointments(
  query: ListQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AppointmentList> {
  const params = new URLSearchParams();
  if (query.scope) params.set('scope', query.scope);
  if (query.status) params.set('status', query.status);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (cursor) params.set('cursor', cursor);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return apiRequest(`/appointments${search}`, { schema: appointmentListSchema, signal });
}

/** Pages join up in order; `fetchNextPage` is the "Load more" button. */
export function useAppointments(query: ListQuery) {
  return useInfiniteQuery({
    queryKey: appointmentKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchAppointments(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.appointments),
  });
}
