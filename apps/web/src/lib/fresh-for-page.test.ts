import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  forgetPrefetchesOnNavigation,
  markFreshForPage,
  unlessPrefetchedForPage,
} from './fresh-for-page';

type State = { navigation: { location?: { key: string } } };

/** A router of which only navigations matter: `go(key)` begins one, `settle()` ends it. */
function fakeRouter() {
  const listeners = new Set<(state: State) => void>();
  const emit = (state: State) => listeners.forEach((listener) => listener(state));
  return {
    subscribe(listener: (state: State) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go: (key: string) => emit({ navigation: { location: { key } } }),
    settle: () => emit({ navigation: {} }),
  };
}

describe('an answer prefetched for the page being opened', () => {
  it('is fresh for that page, and asked again after the next navigation', async () => {
    const router = fakeRouter();
    forgetPrefetchesOnNavigation(router);
    const client = new QueryClient();
    const key = ['list'];
    router.go('first');
    await client.prefetchQuery({ queryKey: key, queryFn: () => 'answer' });
    markFreshForPage(client, key);
    const query = client.getQueryCache().find({ queryKey: key, exact: true });
    if (!query) throw new Error('the prefetch left no query');
    // Later updates of the same navigation keep it.
    router.go('first');
    router.settle();
    expect(unlessPrefetchedForPage(query)).toBe(false);

    router.go('second');
    expect(unlessPrefetchedForPage(query)).toBe(true);
  });

  it('is not marked when the prefetch failed, so the page asks again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['failing'];
    await client.prefetchQuery({
      queryKey: key,
      queryFn: () => Promise.reject(new Error('offline')),
    });
    markFreshForPage(client, key);
    const query = client.getQueryCache().find({ queryKey: key, exact: true });
    expect(query && unlessPrefetchedForPage(query)).toBe(true);
  });
});
