import type { CounterStore } from '../../counters/counter-store.ts';
import { FailureLimiter } from '../../counters/failure-limiter.ts';
import type { DeviceCookies } from './device-cookies.ts';

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;

/** One sign-in attempt, admitted (or not) before its password is checked. */
export interface SignInAttempt {
  /** Milliseconds to wait when this attempt is over its limit, else 0. */
  waitMs: number;
  /** The password was right: clears the count this attempt was charged to; answers the new device cookie. */
  succeeded(): Promise<string>;
}

/**
 * Wrong passwords are counted where they come from (OWASP device cookies, docs/decisions/020): an
 * attempt with a valid device cookie for the account is charged to that device alone; every other
 * attempt is charged to the account's shared count for unknown clients. Strangers' guesses therefore
 * pause only strangers, and the owner on their own device keeps signing in while an attack runs.
 * Both counts live in the shared counter store, so every instance sees them.
 */
export function createSignInThrottle(counters: CounterStore, devices: DeviceCookies) {
  // Keyed by the typed address (so guessing at addresses without an account is slowed alike) and
  // named as before, so a password reset still lifts the pause (recovery/service.ts).
  const unknownClients = new FailureLimiter(counters, 'sign-in', MAX_FAILURES, WINDOW_MS);
  const knownDevices = new FailureLimiter(counters, 'sign-in-device', MAX_FAILURES, WINDOW_MS);

  return {
    /** `passwordHash`: the account's, empty when the address has none (device-cookies.ts). */
    async admit(
      email: string,
      deviceCookie: string | undefined,
      passwordHash: string,
    ): Promise<SignInAttempt> {
      const address = email.toLowerCase();
      const device = devices.deviceFor(deviceCookie, address, passwordHash);
      const waitMs = device
        ? await knownDevices.admit(device)
        : await unknownClients.admit(address);
      return {
        waitMs,
        async succeeded() {
          // Only the count this attempt was charged to: the owner's sign-ins on their device must
          // not give strangers five fresh guesses each time.
          if (device) await knownDevices.succeeded(device);
          else await unknownClients.succeeded(address);
          return devices.issue(deviceCookie, address, passwordHash);
        },
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
