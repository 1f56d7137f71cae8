import type { QueryClient, QueryKey } from '@tanstack/react-query';

// A route's prefetch (app/route-prefetch.ts) asks for a page's data while the page's code is still
// loading. When the page then mounts, its query would ask again at once: lists are stale as soon as
// they land, so that a change made elsewhere (another device) shows on the next visit. An answer
// prefetched for the page being opened therefore counts as fresh for that page alone, and the next
// navigation forgets it.
let freshForPage = new WeakSet<object>();

/** After a route's prefetch: the answer now in the cache under `queryKey` is the coming page's. */
export function markFreshForPage(client: QueryClient, queryKey: QueryKey): void {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.status === 'success') freshForPage.add(query);
}

/** For a query's `refetchOnMount`: ask again when stale, unless prefetched for this page. */
export const unlessPrefetchedForPage = (query: object): boolean => !freshForPage.has(query);

interface NavigatingRouter {
  subscribe(listener: (state: { navigation: { location?: { key: string } } }) => void): () => void;
}

/** Forgets what was prefetched for a page as soon as another navigation begins. */
export function forgetPrefetchesOnNavigation(router: NavigatingRouter): void {
  let navigating: string | undefined;
  router.subscribe(({ navigation }) => {
    const key = navigation.location?.key;
    if (key === undefined || key === navigating) return;
    navigating = key;
    freshForPage = new WeakSet();
  });
}
