import { calendarFeedSchema, type CalendarFeed } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery, sendTo, useCachingMutation } from '../../../lib/api-hooks';
import { settingsKeys } from './keys';

/** GET /api/v1/me/calendar: the secret address of my calendar feed (made on first asking). */
export const useCalendarFeed = () =>
  useQuery(getQuery(settingsKeys.calendar, '/me/calendar', calendarFeedSchema));

/** POST /api/v1/me/calendar/reset: a new address; the old one stops working at once. */
export const resetCalendarFeed = sendTo<void, CalendarFeed>(
  'POST',
  '/me/calendar/reset',
  calendarFeedSchema,
);

export const useResetCalendarFeed = () =>
  useCachingMutation(resetCalendarFeed, settingsKeys.calendar);
