import type { UserType } from '@tend/shared';
import { areaPath } from './session';

// Any origin of our own making: a path resolved against it must keep it, or it named another site.
const PROBE_ORIGIN = 'https://tend.invalid';

/** /sign-in, naming the page to come back to after signing in (as the server's redirect does). */
export function signInPathFor(page: string): string {
  return `/sign-in?next=${encodeURIComponent(page)}`;
}

/**
 * The page a `next` parameter names, if it is a page of this site that a person of `userType` may
 * open (their own area, or a patient's or doctor's video visit); otherwise null. Never an address elsewhere: no scheme,
 * no `//host`, no backslash tricks (browsers read `/\host` as `//host`), nothing that resolves
 * away from this origin.
 */
export function safeNextPath(next: string | null, userType: UserType): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const { pathname } = url;
  const area = areaPath(userType);
  const visit = userType !== 'pharmacy' && pathname.startsWith('/visit/');
  const allowed = pathname === area || pathname.startsWith(`${area}/`) || visit;
  return allowed ? `${pathname}${url.search}${url.hash}` : null;
}
