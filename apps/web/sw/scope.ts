/** The worker's global scope, typed as a service worker's (the WebWorker lib types `self` loosely). */
export const worker = self as unknown as ServiceWorkerGlobalScope;

/** Where the build writes in the precache list (url and revision of each file), by workbox-build. */
export type PrecacheScope = {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};
