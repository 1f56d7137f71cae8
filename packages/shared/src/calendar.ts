import { z } from 'zod';

/** GET /me/calendar and POST /me/calendar/reset: the person's secret calendar feed address. */
export const calendarFeedSchema = z.object({
  /** An https (or http on localhost) address ending in .ics; whoever holds it can read the feed. */
  url: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** How far back the feed reaches: visits and ended medications older than this are left out. */
export const CALENDAR_PAST_DAYS = 366;
/** The most visits and medications one feed lists (newest first); a person never reaches it honestly. */
export const CALENDAR_MAX_VISITS = 1000;
export const CALENDAR_MAX_MEDICATIONS = 1000;
