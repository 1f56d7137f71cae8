/**
 * The time zones a doctor can work in: every IANA zone the browser knows, plus 'UTC' (which
 * Chromium leaves out of its list) and the saved one, so the stored value is always an option.
 */
export function timeZoneOptions(saved: string): { value: string; label: string }[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(saved);
  return [...zones]
    .sort((a, b) => a.localeCompare(b))
    .map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
