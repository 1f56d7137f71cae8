// The app offline (DESIGN, "Interop and reach"): the pages, the app's entry and the checklist's
// code are precached at install (the list the build writes in: scripts/build-service-worker.ts),
// so a page opened without a connection still draws; the person's data comes from the app's own
// copy (apps/web/src/lib/offline-store.ts), never from this worker, which caches no API answer.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { worker, type PrecacheScope } from './scope';

/** What every page path serves when Tend cannot be reached: the app, whose router decides. */
const OFFLINE_PAGE = '/app.html';
/** Other built code, kept as it is fetched (its names carry a content hash, so it never changes). */
const ASSETS_CACHE = 'tend-assets';

// Spelled out as `self.__WB_MANIFEST`, the text workbox-build replaces with the list.
precacheAndRoute((self as unknown as PrecacheScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages come from the network as before (the server still sends a signed-out visitor to sign-in
// and a new deploy reaches everyone at once); only when it cannot answer does the copy serve.
registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }),
);

// Code of pages other than the checklist, fetched while online, is kept for the next time offline.
registerRoute(
  ({ url, request }) =>
    url.origin === worker.location.origin &&
    url.pathname.startsWith('/assets/') &&
    request.method === 'GET',
  new CacheFirst({ cacheName: ASSETS_CACHE }),
);

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) => {
  // A new build's files have new names: the previous build's kept ones would only take room.
  event.waitUntil(Promise.all([caches.delete(ASSETS_CACHE), worker.clients.claim()]));
});
