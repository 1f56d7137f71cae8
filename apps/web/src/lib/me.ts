import { profileSchema, type Profile } from '@tend/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getQuery, useCachingMutation } from './api-hooks';

// The signed-in person's profile is shown by the side menu, the dashboard and the settings pages,
// so they share one query; every write that returns a Profile puts it here (setMe).
export const ME_QUERY_KEY = ['me'] as const;

/** GET /api/v1/me: the profile's query, shared by useMe and the area's prefetch (app/router.tsx). */
export const meQuery = queryOptions({
  ...getQuery(ME_QUERY_KEY, '/me', profileSchema),
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** Replaces the cached profile with the server's latest answer. */
export function setMe(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(ME_QUERY_KEY, profile);
}

/** A change of the profile that answers with the whole of it, which replaces the cached one. */
export const useProfileChange = <Input>(change: (input: Input) => Promise<Profile>) =>
  useCachingMutation(change, ME_QUERY_KEY);

export function fullName(person: Pick<Profile, 'firstname' | 'lastname'>): string {
  return `${person.firstname} ${person.lastname}`.trim();
}
