import { isValidTimeZone } from '@tend/shared';

/**
 * This device's IANA time zone, or null when the browser does not name one Tend accepts (the
 * server then keeps its default, UTC).
 */
export function deviceTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}
