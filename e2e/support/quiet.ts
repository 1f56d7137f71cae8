import type { BrowserContext, Page, Request } from '@playwright/test';

/**
 * Playwright's 'networkidle' never comes while a page holds the live event stream (/api/v1/events stays
 * open for as long as the page does). waitForQuiet is the same idea with that stream left out: the page
 * has loaded and no other request of it has been in flight for a short while.
 */
const pending = new WeakMap<Page, Set<Request>>();
const tracked = new WeakSet<BrowserContext>();
const LONG_LIVED = /\/api\/v1\/events(\?|$)/;

function pageOf(request: Request): Page | null {
  try {
    return request.frame().page();
  } catch {
    return null; // a service worker's request belongs to no page
  }
}

function requestsOf(page: Page): Set<Request> {
  let set = pending.get(page);
  if (!set) {
    set = new Set();
    pending.set(page, set);
  }
  return set;
}

/** Counts each page's requests in flight; called once for every context the tests make. */
export function trackPendingRequests(context: BrowserContext): void {
  if (tracked.has(context)) return;
  tracked.add(context);
  context.on('request', (request) => {
    const page = pageOf(request);
    if (page && !LONG_LIVED.test(request.url())) requestsOf(page).add(request);
  });
  const done = (request: Request) => {
    const page = pageOf(request);
    if (page) requestsOf(page).delete(request);
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/** Waits until the page has loaded and none of its requests (but the event stream) ran for `quietMs`. */
export async function waitForQuiet(page: Page, { quietMs = 500, timeoutMs = 30_000 } = {}) {
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (requestsOf(page).size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) {
      const urls = [...requestsOf(page)].map((r) => r.url()).join(', ');
      throw new Error(`the page did not settle in ${timeoutMs} ms; still loading: ${urls}`);
    }
    await page.waitForTimeout(50);
  }
}
