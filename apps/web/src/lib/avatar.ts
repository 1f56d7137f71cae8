import { useQuery } from '@tanstack/react-query';
import { apiBlob } from './api-client';

/**
 * GET {avatarUrl}: the picture's bytes. The URL changes with every upload, so an answer never goes
 * stale; a null URL means there is no picture and nothing is fetched.
 */
export function useAvatarBlob(avatarUrl: string | null) {
  return useQuery({
    queryKey: ['avatar', avatarUrl],
    queryFn: ({ signal }) => apiBlob(avatarUrl ?? '', signal),
    enabled: avatarUrl !== null,
    staleTime: Infinity,
  });
}
