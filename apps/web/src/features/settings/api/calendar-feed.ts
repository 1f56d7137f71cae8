import { calendarFeedSchema, type CalendarFeed } from '@tend/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/v1/me/calendar: the secret address of my calendar feed (made on first asking). */
export function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiRequest('/me/calendar', { schema: calendarFeedSchema, signal });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: settingsKeys.calendar,
    queryFn: ({ signal }) => fetchCalendarFeed(signal),
  });
}

/** POST /api/v1/me/calendar/reset: a new address; the old one stops working at once. */
export function resetCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest('/me/calendar/reset', { method: 'POST', schema: calendarFeedSchema });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(settingsKeys.calendar, feed),
  });
}
