import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';

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
