import { visitSchema, type Visit } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/visits/{roomid}: the room, its window, the ICE servers and who is at the other end. */
export function fetchVisit(roomId: string, signal?: AbortSignal): Promise<Visit> {
  return apiRequest(`/visits/${encodeURIComponent(roomId)}`, { schema: visitSchema, signal });
}

export function useVisit(roomId: string) {
  return useQuery({
    queryKey: ['visits', roomId],
    queryFn: ({ signal }) => fetchVisit(roomId, signal),
    // A call under way must not be torn down by a background refetch; a closed room stays closed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
