import { defineModule } from '../module.ts';
import { notificationSettingsRoutes } from './routes.ts';
import { createNotificationSettingsService, settingsOf } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** A person's choices: email and push on or off, their reminder times. */
    notificationChoicesOf: typeof settingsOf;
  }
}

/** A person's notification settings: which ways they are reached, and when they are reminded. */
export const notificationSettingsModule = defineModule({
  name: 'notification-settings',
  needs: ['planDoses'],
  create: ({ db, clock }, needs) =>
    createNotificationSettingsService({
      db,
      clock,
      // New reminder times re-plan the person's dose reminders in the same transaction.
      onChange: (trx, userId) => needs.planDoses(trx, userId),
    }),
  provides: () => ({ notificationChoicesOf: settingsOf }),
  routes: (settings) => ({ signedIn: [notificationSettingsRoutes(settings)] }),
});
