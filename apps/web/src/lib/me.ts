import { profileSchema, type Profile } from '@tend/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

// The signed-in person's profile is shown by the side menu, the dashboard and the settings pages,
// so they share one query; every write that returns a Profile puts it here (setMe).
export const ME_QUERY_KEY = ['me'] as const;

/** GET /api/v1/me */
export function fetchMe(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/me', { schema: profileSchema, signal });
}

/** The profile's query, shared by useMe and the area's prefetch (app/route-prefetch.ts). */
export const meQuery = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** Replaces the cached profile with the server's latest answer. */
export function setMe(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(ME_QUERY_KEY, profile);
}

export function fullName(person: Pick<Profile, 'firstname' | 'lastname'>): string {
  return `${person.firstname} ${person.lastname}`.trim();
}
