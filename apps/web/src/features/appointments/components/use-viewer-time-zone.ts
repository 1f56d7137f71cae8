import { useMe } from '../../../lib/me';
import { deviceTimeZone } from '../../../lib/time-zone';

/** The signed-in person's own time zone (their profile's), in which every time is shown. */
export function useViewerTimeZone(): string {
  return useMe().data?.timezone ?? deviceTimeZone() ?? 'UTC';
}
