import { visitSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery } from '../../../lib/api-hooks';

/** GET /api/v1/visits/{roomid}: the room, its window, the ICE servers and who is at the other end. */
export const useVisit = (roomId: string) =>
  useQuery({
    ...getQuery(['visits', roomId], `/visits/${encodeURIComponent(roomId)}`, visitSchema),
    // A call under way must not be torn down by a background refetch; a closed room stays closed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
