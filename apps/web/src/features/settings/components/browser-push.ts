import { pushSubscriptionBodySchema, type PushSubscriptionBody } from '@tend/shared';

/**
 * Why notifications cannot be turned on or off here: the key of words the person can act on,
 * under `push.` in the settings catalog (the switch translates it).
 */
export type PushProblem = 'blocked' | 'unsupported' | 'insecure' | 'notAllowed' | 'subscribeFailed';

/** A step of turning notifications on or off that failed; `problem` says which words to show. */
export class PushSetupError extends Error {
  readonly problem: PushProblem;
  constructor(problem: PushProblem) {
    super(problem);
    this.problem = problem;
  }
}

/** Why this browser cannot get notifications at all, or null when it can (or may, once asked). */
export function pushUnavailableReason(): PushProblem | null {
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return null;
}

/** The worker that shows pushes; it lives at the site root so it serves every page. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  return registration;
}

function bytesOfBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** This browser's subscription, if it has one (without asking anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushUnavailableReason() === 'unsupported' || !window.isSecureContext) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Asks for permission, installs the worker and subscribes with the server's key; a subscription
 * made with an older key is replaced. Answers what POST /push/subscriptions takes.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionBody> {
  const unavailable = pushUnavailableReason();
  if (unavailable) throw new PushSetupError(unavailable);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('blocked');
  if (permission !== 'granted') throw new PushSetupError('notAllowed');

  let subscription: PushSubscription;
  try {
    const registration = await workerRegistration();
    const key = bytesOfBase64Url(publicKey);
    const existing = await registration.pushManager.getSubscription();
    if (existing && !sameBytes(existing.options.applicationServerKey, key)) {
      await existing.unsubscribe();
    }
    subscription =
      (existing && sameBytes(existing.options.applicationServerKey, key) ? existing : null) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      }));
  } catch {
    throw new PushSetupError('subscribeFailed');
  }
  const body = pushSubscriptionBodySchema.safeParse(subscription.toJSON());
  if (!body.success) throw new PushSetupError('subscribeFailed');
  return body.data;
}

/** Ends this browser's subscription; answers its endpoint for the server to forget, or null. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
