import { queryKeyHash } from '../lib/acting-for';
import { keepOfflineCache } from './offline-cache';
import { createQueryClient } from './providers';

/**
 * The app's one server-data cache, made with the module rather than in a component, so a route
 * can start its page's requests before the page is drawn (route-prefetch.ts).
 */
export const appQueryClient = createQueryClient();

// Another patient's answers, seen while caring for them, are cached apart from one's own
// (lib/acting-for.ts); set here, so the landing and sign-in entries do not carry it.
appQueryClient.setDefaultOptions({
  ...appQueryClient.getDefaultOptions(),
  queries: { ...appQueryClient.getDefaultOptions().queries, queryKeyHashFn: queryKeyHash },
});

// The answers today's checklist needs are kept on this device from the first one on: a page's
// data can now arrive before anything is drawn, and a keeper started with the first render
// missed it (the checklist then did not open offline until its next change).
keepOfflineCache(appQueryClient);
