import type { QueryClient } from '@tanstack/react-query';
import type { UserType } from '@tend/shared';
import { getUserType, sessionSettled } from '../lib/session';
import { appQueryClient } from './app-query-client';

/** Starts requests a page will make, into the app's cache (prefetchQuery and the like). */
export type Prefetch = (queryClient: QueryClient) => Promise<unknown>;

/**
 * A route loader that starts its page's data requests as soon as the person is known to be signed
 * in as `userType`, and returns at once: the page's code, its first render and its data then
 * overlap, rather than the requests waiting for the page to be drawn (a tab opened from a
 * reminder asked for its token, loaded the area and drew it before asking for today's doses).
 * The page's own queries find the answers in the cache, or join the requests still on their way.
 * Failures are the page's to show, when its own query runs.
 */
export function prefetchLoader(userType: UserType, prefetch: Prefetch) {
  return () => {
    void sessionSettled()
      .then(() => (getUserType() === userType ? prefetch(appQueryClient) : undefined))
      .catch(() => undefined);
    return null;
  };
}
