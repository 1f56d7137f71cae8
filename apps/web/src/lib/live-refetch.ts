import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The queries being fetched again because a live event changed what they show, by hash, counted
 * (two events may refresh one query at once). Their requests say so (`X-Tend-Refresh: live`), and
 * the server records a doctor's look at a patient made that way at most once an hour (decision
 * 054); a page opened or reloaded is fetched without it and always recorded.
 */
const refreshing = new Map<string, number>();

/**
 * Refetches the open queries under `queryKey` as a live event's refresh (and marks the closed ones
 * stale, as invalidateQueries does). React Query keeps the page mounted and its forms as typed.
 */
export async function refreshLive(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const hashes = queryClient
    .getQueryCache()
    .findAll({ queryKey, type: 'active' })
    .map((query) => query.queryHash);
  for (const hash of hashes) refreshing.set(hash, (refreshing.get(hash) ?? 0) + 1);
  try {
    await queryClient.invalidateQueries({ queryKey });
  } finally {
    for (const hash of hashes) {
      const left = (refreshing.get(hash) ?? 1) - 1;
      if (left > 0) refreshing.set(hash, left);
      else refreshing.delete(hash);
    }
  }
}

/** Whether the query with this key is being fetched again for a live event right now. */
export function isLiveRefetch(queryKey: QueryKey): boolean {
  return refreshing.has(hashKey(queryKey));
}
