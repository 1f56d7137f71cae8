import { isValidTimeZone } from '@tend/shared';

/** Worked out once per page: each asking makes two date formatters, which costs milliseconds. */
let found: { zone: string | null } | undefined;

/**
 * This device's IANA time zone, or null when the browser does not name one Tend accepts (the
 * server then keeps its default, UTC). It stands in for the person's own zone only until their
 * profile has loaded (or as the zone a new account or profile form starts from), so a device that
 * changes zone while a page is open is read again on the next page load.
 */
export function deviceTimeZone(): string | null {
  found ??= { zone: readDeviceTimeZone() };
  return found.zone;
}

function readDeviceTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * The time zones to choose from (a profile's, a doctor's working hours): every IANA zone the
 * browser knows, plus 'UTC' (which Chromium leaves out of its list) and the saved one, so the
 * stored value is always an option.
 */
export function timeZoneOptions(saved: string): { value: string; label: string }[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(saved);
  return [...zones]
    .sort((a, b) => a.localeCompare(b))
    .map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
