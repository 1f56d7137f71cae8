import { defineModule } from '../module.ts';
import { announceVisitChanges } from './appointment-notices.ts';
import { announcePrescriptions } from './prescription-notices.ts';
import { createReach, type Reach } from './reach.ts';
import { announceReportUploads } from './report-notices.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationService, type NotificationService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** An in-app notification (the bell), with its live event, in the caller's transaction. */
    notify: NotificationService['notify'];
    /** A visit booked, moved, accepted, declined, cancelled or completed: the other side is told. */
    announceVisitChange: ReturnType<typeof announceVisitChanges>;
    /** A prescription's every step, to its patient, its pharmacy or its doctor. */
    announcePrescription: ReturnType<typeof announcePrescriptions>;
    /** A report someone else added to a patient's record: the patient is told. */
    announceReportUpload: ReturnType<typeof announceReportUploads>;
    /** A reminder in-app, by email and by push, as the person's settings choose. */
    deliverReminder: Reach['everywhere'];
  }
}

/** What a person is told: the bell's notifications, and the same by email and push where chosen. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: [
    'publish',
    'actionTokenFor',
    'isEmailConfirmed',
    'notificationChoicesOf',
    'queuePush',
    'pharmacyProfileOf',
    'caregiversWith',
  ],
  create({ db, clock, outbox, config }, needs) {
    const notifications = createNotificationService(db, needs.publish, clock, needs.actionTokenFor);
    const notify = notifications.notify.bind(notifications);
    // Email and push beside the in-app notice, as each person's notification settings choose.
    const reach = createReach({
      outbox,
      notify,
      isEmailConfirmed: needs.isEmailConfirmed,
      choicesOf: needs.notificationChoicesOf,
      queuePush: needs.queuePush,
    });
    const announcers = {
      announceVisitChange: announceVisitChanges({ notify, publish: needs.publish }),
      announcePrescription: announcePrescriptions({
        notify,
        reach,
        publicUrl: config.publicUrl,
        pharmacyNameOf: async (executor, id) => (await needs.pharmacyProfileOf(executor, id))?.name,
        caregiversWith: needs.caregiversWith,
      }),
      announceReportUpload: announceReportUploads(notify),
    };
    return { notifications, reach, announcers };
  },
  provides: ({ notifications, reach, announcers }) => ({
    notify: notifications.notify.bind(notifications),
    deliverReminder: reach.everywhere.bind(reach),
    ...announcers,
  }),
  routes: ({ notifications }) => ({ signedIn: [notificationRoutes(notifications)] }),
});
