import { defineModule } from '../module.ts';
import { calendarFeedRoutes, calendarRoutes } from './routes.ts';
import { createCalendarService } from './service.ts';

/** Calendar feeds: visits and medication reminders at a secret address (docs/decisions/013). */
export const calendarModule = defineModule({
  name: 'calendar',
  needs: ['notificationChoicesOf', 'visitRoomsOf'],
  create: ({ db, clock, config }, needs) =>
    createCalendarService({
      db,
      clock,
      serverSecret: config.secrets.tokenSecret,
      publicUrl: config.publicUrl,
      reminderTimesOf: async (executor, userId) =>
        (await needs.notificationChoicesOf(executor, userId)).remindertimes,
      roomsFor: needs.visitRoomsOf,
    }),
  routes: (calendar) => ({
    public: [calendarFeedRoutes(calendar)],
    care: [calendarRoutes(calendar)],
  }),
});
