import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { VISIT_OPENS_BEFORE_MS, addDays, type Language, type TimeFrequency } from '@tend/shared';
import { textsFor } from '../../i18n/texts.ts';

export interface ReminderTimes {
  day: string;
  afternoon: string;
  night: string;
}

export interface FeedVisit {
  id: string;
  start: string;
  end: string;
  type: 'in_person' | 'online';
  purpose: string;
  /** "Dr. Ана Person" for a patient's feed, the patient's name for a doctor's. */
  withName: string;
  /** The practice address of an in-person visit. */
  location: string | null;
  /** The video room of an online visit; null when it has none (a visit long past). */
  roomId: string | null;
  updatedAt: string;
}

export interface FeedMedication {
  id: string;
  name: string;
  dosage: string | null;
  startdate: string;
  enddate: string | null;
  timefrequency: TimeFrequency;
  updatedAt: string;
}

export interface FeedInput {
  role: 'patient' | 'doctor';
  /** The person's language: the events' words are in it. */
  language: Language;
  timezone: string;
  publicUrl: string;
  now: Date;
  visits: FeedVisit[];
  medications: FeedMedication[];
  remindertimes: ReminderTimes;
}

/** How long a dose reminder's event lasts in the calendar: a short block at the reminder time. */
const DOSE_EVENT_MINUTES = 15;

/**
 * The VTIMEZONE rules of an IANA zone (current tzdata), and the TZID they carry, which for an alias
 * such as "UTC" is its canonical name ("Etc/UTC"). Null for a zone the library does not know: the feed
 * then falls back to UTC times, which are right but do not follow the person's daylight saving.
 */
function vtimezone(name: string): { tzid: string; block: string } | null {
  // Asked only for zones it lists: for others it writes to the console rather than throwing.
  if (!knownZones().has(name)) return null;
  const answer = tzlib_get_ical_block(name);
  if (!Array.isArray(answer) || !answer[0] || !answer[1]?.startsWith('TZID=')) return null;
  return { block: answer[0], tzid: answer[1].slice('TZID='.length) };
}

let zones: Set<string> | undefined;
function knownZones(): Set<string> {
  if (!zones) {
    const list = tzlib_get_timezones();
    zones = new Set(Array.isArray(list) ? list : []);
  }
  return zones;
}

/** RFC 5545 UTC date-time (an RRULE's UNTIL must be UTC when DTSTART carries a TZID). */
function utcStamp(instant: Temporal.Instant): string {
  return instant.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');
}

/** "HH:MM" on a date in a zone; a time a daylight-saving change skips moves forward by the gap. */
function zoned(date: string, time: string, zone: string): Temporal.ZonedDateTime {
  return Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone, {
    disambiguation: 'compatible',
  });
}

function addVisit(cal: ICalCalendar, input: FeedInput, zone: string | null, v: FeedVisit) {
  const online = v.type === 'online';
  const visitUrl = online && v.roomId ? `${input.publicUrl}/visit/${v.roomId}` : null;
  const listUrl = `${input.publicUrl}${input.role === 'doctor' ? '/doctor/appointments' : '/patient/book-an-appointment'}`;
  const at = (iso: string) => {
    const instant = Temporal.Instant.from(iso);
    return zone ? instant.toZonedDateTimeISO(zone) : new Date(iso);
  };
  const t = textsFor(input.language);
  const description = [
    t('calendar.purpose', { purpose: v.purpose }),
    visitUrl
      ? t('calendar.joinHere', { minutes: VISIT_OPENS_BEFORE_MS / 60_000, url: visitUrl })
      : online
        ? t('calendar.onlineInTend')
        : null,
    t('calendar.appointments', { url: listUrl }),
  ].filter((line): line is string => line !== null);
  cal.createEvent({
    id: `visit-${v.id}@tend`,
    start: at(v.start) as never,
    end: at(v.end) as never,
    timezone: zone,
    stamp: input.now,
    lastModified: new Date(v.updatedAt),
    summary: t(online ? 'calendar.onlineSummary' : 'calendar.visitSummary', { name: v.withName }),
    description: description.join('\n'),
    location: online ? (visitUrl ?? t('calendar.online')) : v.location,
    url: visitUrl ?? listUrl,
  });
}

function addMedication(
  cal: ICalCalendar,
  input: FeedInput,
  zone: string | null,
  m: FeedMedication,
) {
  const time = input.remindertimes[m.timefrequency];
  const tz = zone ?? 'UTC';
  const at = (z: Temporal.ZonedDateTime) => (zone ? z : new Date(z.epochMilliseconds));
  const checklist = `${input.publicUrl}/patient/daily-medication`;
  const t = textsFor(input.language);
  const event = (uid: string, start: Temporal.ZonedDateTime, repeating: string | null) =>
    cal.createEvent({
      id: uid,
      start: at(start) as never,
      end: at(start.add({ minutes: DOSE_EVENT_MINUTES })) as never,
      timezone: zone,
      stamp: input.now,
      lastModified: new Date(m.updatedAt),
      summary: m.dosage
        ? t('calendar.takeWithDosage', { name: m.name, dosage: m.dosage })
        : t('calendar.take', { name: m.name }),
      description: t('calendar.dose', {
        time: t(`calendar.times.${m.timefrequency}`),
        url: checklist,
      }),
      url: checklist,
      repeating,
    });

  let from = m.startdate;
  const first = zoned(from, time, tz);
  // A series repeats its first event's clock time: when a spring-forward night skips the reminder time
  // on the start day itself, that day gets an event of its own and the series begins the next day.
  if (first.toPlainTime().toString({ smallestUnit: 'minute' }) !== time) {
    event(`medication-${m.id}-first@tend`, first, null);
    from = addDays(from, 1);
    if (m.enddate !== null && from > m.enddate) return;
  }
  const last = m.enddate ? zoned(m.enddate, time, tz) : null;
  event(
    `medication-${m.id}@tend`,
    zoned(from, time, tz),
    `FREQ=DAILY${last ? `;UNTIL=${utcStamp(last.toInstant())}` : ''}`,
  );
}

/**
 * The person's calendar, made afresh on every request so it always shows what is true now: visits at
 * their times, and each medication as a daily event at the person's reminder time for its time of day,
 * in their time zone (with its VTIMEZONE, so the events keep their clock time across daylight saving).
 */
export function calendarFeed(input: FeedInput): string {
  const zone = vtimezone(input.timezone);
  const cal = ical({
    name: 'Tend',
    description: textsFor(input.language)(`calendar.description.${input.role}`),
    prodId: { company: 'Tend', product: 'Tend calendar', language: input.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  // A generator without a calendar-wide zone: each event carries its own TZID, and DTSTAMP stays UTC.
  if (zone) cal.timezone({ name: null, generator: () => zone.block });
  for (const v of input.visits) addVisit(cal, input, zone?.tzid ?? null, v);
  for (const m of input.medications) addMedication(cal, input, zone?.tzid ?? null, m);
  return cal.toString();
}
