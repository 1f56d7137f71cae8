import ICAL from 'ical.js';

export interface ReadEvent {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  /** The TZID of DTSTART, or null for a UTC time. */
  tzid: string | null;
  /** Start instants (ISO, UTC) of the first `limit` occurrences, as a calendar app expands them. */
  starts(limit?: number): string[];
  end: string;
}

/**
 * Reads a feed the way a calendar app does (ical.js, with the feed's own VTIMEZONE rules), so tests
 * check the occurrences people will see rather than the text we wrote.
 */
export function readFeed(text: string): { events: ReadEvent[]; timezones: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const timezones = calendar.getAllSubcomponents('vtimezone').map((vtz) => {
    const zone = new ICAL.Timezone(vtz);
    ICAL.TimezoneService.register(zone);
    return zone.tzid;
  });
  const events = calendar.getAllSubcomponents('vevent').map((vevent): ReadEvent => {
    const event = new ICAL.Event(vevent);
    const text = (name: string) => {
      const value = vevent.getFirstPropertyValue(name);
      return typeof value === 'string' ? value : null;
    };
    const dtstart = vevent.getFirstProperty('dtstart');
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: text('location'),
      url: text('url'),
      tzid: (dtstart?.getParameter('tzid') as string | undefined) ?? null,
      end: event.endDate.toJSDate().toISOString(),
      starts(limit = 1000) {
        const found: string[] = [];
        const iterator = event.iterator();
        for (let next = iterator.next(); next && found.length < limit; next = iterator.next()) {
          found.push(next.toJSDate().toISOString());
        }
        return found;
      },
    };
  });
  return { events, timezones };
}
