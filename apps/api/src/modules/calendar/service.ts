import {
  API_PREFIX,
  CALENDAR_PAST_DAYS,
  DEFAULT_REMINDER_TIMES,
  VISIT_CLOSES_AFTER_MS,
  addDays,
  localDate,
  type CalendarFeed,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FeedVisit, ReminderTimes } from './feed-ics.ts';
import { FEED_SECRET_PATTERN, feedSecret, hashOfSecret, newFeedKey } from './feed-secret.ts';
import {
  feedOf,
  medicationsOf,
  ownerOfFeed,
  saveFeed,
  visitsOf,
  type FeedRow,
  type Person,
  type VisitRow,
} from './repo.ts';
import { careSideOf } from '../../lib/care-side.ts';

export interface CalendarContext {
  db: Db;
  clock: () => Date;
  /** Signs the feed addresses (the token secret: one server secret to keep, see docs/decisions/013). */
  serverSecret: string;
  /** Where people reach Tend; the feed address starts with it. */
  publicUrl: string;
  /** A person's reminder times from their notification settings (or the defaults). */
  reminderTimesOf: (db: Executor, userId: string) => Promise<ReminderTimes>;
  /** The rooms of these online visits, made now if none yet (the visits module): id → room. */
  roomsFor: (trx: Executor, appointmentIds: string[]) => Promise<Map<string, string>>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const noSuchFeed = () =>
  new AppError(
    404,
    'not_found',
    'There is no calendar at this address. Its owner may have made a new address in Tend.',
  );

export function createCalendarService({
  db,
  clock,
  serverSecret,
  publicUrl,
  reminderTimesOf,
  roomsFor,
}: CalendarContext) {
  const base = publicUrl.replace(/\/+$/, '');
  const urlOf = (secret: string) => `${base}${API_PREFIX}/calendar/${secret}.ics`;

  function rowFor(userId: string, feedKey = newFeedKey()): FeedRow & { created_at: string } {
    return {
      user_id: userId,
      feed_key: feedKey,
      secret_hash: hashOfSecret(feedSecret(serverSecret, feedKey)),
      created_at: clock().toISOString(),
    };
  }

  /** Online visits whose room is still to open get one now, so their address can be in the feed. */
  async function withRooms(rows: VisitRow[]): Promise<VisitRow[]> {
    const now = clock().getTime();
    const roomless = rows.filter(
      (r) =>
        r.type === 'online' &&
        r.status === 'accepted' &&
        r.visit_room_id === null &&
        Date.parse(r.end_at) + VISIT_CLOSES_AFTER_MS > now,
    );
    if (roomless.length === 0) return rows;
    const rooms = await db.kysely.transaction().execute((trx) =>
      roomsFor(
        trx,
        roomless.map((r) => r.id),
      ),
    );
    return rows.map((r) => ({ ...r, visit_room_id: r.visit_room_id ?? rooms.get(r.id) ?? null }));
  }

  function toFeedVisit(person: Person, r: VisitRow): FeedVisit {
    return {
      id: r.id,
      start: r.start_at,
      end: r.end_at,
      type: r.type,
      purpose: r.purpose,
      withName:
        person.user_type === 'patient'
          ? `Dr. ${r.doctor_firstname} ${r.doctor_lastname}`
          : `${r.patient_firstname} ${r.patient_lastname}`,
      location: r.doctor_location,
      roomId: r.visit_room_id,
      updatedAt: r.updated_at,
    };
  }

  return {
    /** The person's feed address, made on first asking. */
    async address(userId: string): Promise<CalendarFeed> {
      let row = await feedOf(db.kysely, userId);
      if (!row) {
        await db.kysely.transaction().execute((trx) => saveFeed(trx, rowFor(userId), 'keep'));
        row = await feedOf(db.kysely, userId);
      }
      if (!row) throw noSuchFeed();
      const secret = feedSecret(serverSecret, row.feed_key);
      // The server secret was changed since: the old address no longer works, so store the new one.
      if (hashOfSecret(secret) !== row.secret_hash) {
        const fresh = rowFor(userId, row.feed_key);
        await db.kysely.transaction().execute((trx) => saveFeed(trx, fresh, 'replace'));
      }
      return { url: urlOf(secret) };
    },

    /** A new address; the old one answers 404 from now on. */
    async reset(userId: string): Promise<CalendarFeed> {
      const row = rowFor(userId);
      await db.kysely.transaction().execute((trx) => saveFeed(trx, row, 'replace'));
      return { url: urlOf(feedSecret(serverSecret, row.feed_key)) };
    },

    /** The iCalendar text of the feed at this secret; 404 for any other. */
    async feed(secret: string): Promise<string> {
      if (!FEED_SECRET_PATTERN.test(secret)) throw noSuchFeed();
      const person = await ownerOfFeed(db.kysely, hashOfSecret(secret));
      if (!person) throw noSuchFeed();
      const now = clock();
      const since = new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS);
      const visits = await withRooms(await visitsOf(db.kysely, person, since.toISOString()));
      const isPatient = person.user_type === 'patient';
      const medications = isPatient
        ? await medicationsOf(
            db.kysely,
            person.id,
            addDays(localDate(now, person.timezone), -CALENDAR_PAST_DAYS),
          )
        : [];
      // The iCalendar writer and its time-zone data are loaded with the first feed asked for, not at
      // start-up (docs/decisions/017); later imports are cached.
      const { calendarFeed } = await import('./feed-ics.ts');
      return calendarFeed({
        role: careSideOf(person.user_type),
        language: person.language,
        timezone: person.timezone,
        publicUrl: base,
        now,
        visits: visits.map((r) => toFeedVisit(person, r)),
        medications: medications.map((m) => ({
          id: m.id,
          name: m.name,
          dosage: m.dosage,
          startdate: m.startdate,
          enddate: m.enddate,
          timefrequency: m.timefrequency,
          updatedAt: m.updated_at,
        })),
        remindertimes: isPatient
          ? await reminderTimesOf(db.kysely, person.id)
          : DEFAULT_REMINDER_TIMES,
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
