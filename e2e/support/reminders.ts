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

/** How long a delivered push may take to show: the worker is already running when it is handed one. */
const PUSH_SHOWN_WITHIN_MS = 15_000;

type WorkerVersion = {
  registrationId: string;
  status: 'new' | 'installing' | 'installed' | 'activating' | 'activated' | 'redundant';
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping';
};

/**
 * Sends one push message to the page's service worker through Chromium's DevTools protocol, once
 * the registration's worker is activated and running. Chromium drops a push handed to a registration
 * whose worker is still installing or activating (it has no active worker to give it to), or to one
 * that is starting or stopping: that was the lost first push of CI (the worker had just been
 * registered by turning notifications on). A real push service delivers only to a subscription, which
 * exists once the worker is active; waiting for it here is what a push service's timing gives.
 */
async function sendPush(page: Page, payload: PushPayload): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  let scopeURL = '';
  let registrationId = '';
  const versions = new Map<string, WorkerVersion>();
  let changed: () => void = () => undefined;
  const nextChange = () => new Promise<void>((resolve) => (changed = resolve));
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const ours = registrations.find((r) => !r.isDeleted);
    if (ours) ({ registrationId, scopeURL } = ours);
    changed();
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const version of updated) versions.set(version.versionId, version);
    changed();
  });
  try {
    let change = nextChange();
    await cdp.send('ServiceWorker.enable');
    const deadline = Date.now() + PUSH_SHOWN_WITHIN_MS;
    for (;;) {
      const active = [...versions.values()].find(
        (v) => v.registrationId === registrationId && v.status === 'activated',
      );
      if (active?.runningStatus === 'running') break;
      if (active?.runningStatus === 'stopped')
        await cdp.send('ServiceWorker.startWorker', { scopeURL });
      if (Date.now() > deadline)
        throw new Error('the service worker did not become active and running');
      await Promise.race([change, new Promise((r) => setTimeout(r, 250))]);
      change = nextChange();
    }
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(scopeURL).origin,
      registrationId,
      data: JSON.stringify(payload),
    });
  } finally {
    await cdp.detach();
  }
}

/**
 * Hands a push message to the page's service worker as the push service would, so the worker's
 * real `push` handler runs, and waits until its notification shows. Delivered once: a push handed
 * to a running, activated worker is not lost.
 */
export async function deliverPush(page: Page, payload: PushPayload): Promise<void> {
  await sendPush(page, payload);
  const deadline = Date.now() + PUSH_SHOWN_WITHIN_MS;
  while (Date.now() < deadline) {
    const shown = await shownNotifications(page);
    if (shown.some((n) => n.tag === payload.tag)) return;
    await page.waitForTimeout(100);
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
