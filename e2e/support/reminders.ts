import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import type { PushPayload } from '@tend/shared';

/**
 * The sandbox's Chromium has no push service to reach (headless Chromium refuses to subscribe, and
 * there is no internet), so PushManager.subscribe is replaced in the page with one that answers a
 * subscription of real keys at an https address that never answers. Everything else is real: the
 * permission, the service worker's registration, the subscription posted to Tend and stored there.
 */
export async function fakePushService(context: BrowserContext): Promise<{ endpoint: string }> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `https://push.invalid/tend-e2e/${randomBytes(12).toString('hex')}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  await context.addInitScript((json) => {
    // Kept across page loads of the tab, as a real subscription would be.
    const KEY = 'tend-e2e-fake-push-key';
    const make = (key: string): PushSubscription => {
      const bytes = Uint8Array.from(atob(key), (c) => c.charCodeAt(0));
      const fake = {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { applicationServerKey: bytes.buffer, userVisibleOnly: true },
        toJSON: () => json,
        getKey: () => null,
        unsubscribe: () => {
          sessionStorage.removeItem(KEY);
          return Promise.resolve(true);
        },
      };
      return fake;
    };
    PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const view =
        key && typeof key !== 'string'
          ? new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : key)
          : new Uint8Array();
      sessionStorage.setItem(KEY, btoa(String.fromCharCode(...view)));
      return Promise.resolve(make(sessionStorage.getItem(KEY) ?? ''));
    };
    PushManager.prototype.getSubscription = () => {
      const key = sessionStorage.getItem(KEY);
      return Promise.resolve(key === null ? null : make(key));
    };
  }, subscription);
  return { endpoint: subscription.endpoint };
}

/**
 * "HH:MM" (UTC) of the next whole minute that is at least `leadSeconds` away, so there is time to
 * save it before it comes; and how long until then.
 */
export function nextMinuteUtc(leadSeconds = 30): { time: string; waitMs: number } {
  const now = Date.now();
  const at = new Date(Math.ceil((now + leadSeconds * 1000) / 60_000) * 60_000);
  return { time: at.toISOString().slice(11, 16), waitMs: at.getTime() - now };
}

const PUSH_SHOWN_WITHIN_MS = 5_000;
const PUSH_ATTEMPTS = 3;

/** Sends one push message to the page's service worker through Chromium's DevTools protocol. */
async function sendPush(page: Page, payload: PushPayload): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted);
      if (ours) resolve(ours);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registration;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(scopeURL).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

/**
 * Hands a push message to the page's service worker as the push service would, so the worker's
 * real `push` handler runs, and waits until its notification shows. A busy machine's Chromium now
 * and then drops a message it hands to a worker that is being started or stopped (seen once in
 * CI: of two pushes only the second showed); a push service delivers again what was not
 * acknowledged, and so does this, a few times. The tag makes a second delivery replace, not add.
 */
export async function deliverPush(page: Page, payload: PushPayload): Promise<void> {
  for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
    await sendPush(page, payload);
    const deadline = Date.now() + PUSH_SHOWN_WITHIN_MS;
    while (Date.now() < deadline) {
      const shown = await shownNotifications(page);
      if (shown.some((n) => n.tag === payload.tag)) return;
      await page.waitForTimeout(100);
    }
  }
  throw new Error(`the service worker showed no notification tagged ${payload.tag}`);
}

/** The notifications the site's worker is showing now, as the page can read them. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n as Notification & { actions: { title: string }[] }).actions.map((a) => a.title),
      data: n.data as unknown,
    }));
  });
}
