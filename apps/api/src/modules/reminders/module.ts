import { failureLabel } from '../../jobs/runner.ts';
import { defineModule } from '../module.ts';
import { createActionTokens, type ActionTokens } from './action-tokens.ts';
import { createReminders } from './index.ts';
import { createReminderPlanner, type ReminderPlanner } from './planner.ts';
import { reminderRoutes } from './routes.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** Re-plans a patient's dose reminders, inside the transaction that changed what they follow. */
    planDoses: ReminderPlanner['planDoses'];
    /** Re-plans a visit's reminder, inside the transaction that changed the visit. */
    planVisit: ReminderPlanner['planVisit'];
    /** Plans the "running out" reminder of a dispensed prescription's supply. */
    planRunOut: ReminderPlanner['planRunOut'];
    /** The token of a reminder's Taken / Snooze action, sent in its email or push. */
    actionTokenFor: ActionTokens['tokenFor'];
  }
}

/** Dose, visit and running-out reminders: planned with the data, delivered everywhere (decision 012). */
export const remindersModule = defineModule({
  name: 'reminders',
  needs: [
    'prescriptionSupply',
    'deliverReminder',
    'visitRoomOf',
    'recordDose',
    'missedDoseWatchers',
    'alertMissedDose',
    'caregiversWith',
  ],
  create({ db, config, clock, jobs }, needs) {
    // Reminders follow the data they are about: a change re-plans them in its own transaction.
    const planner = createReminderPlanner({
      clock,
      dialect: db.dialect,
      supplyOf: needs.prescriptionSupply,
      watchersOf: needs.missedDoseWatchers,
    });
    const tokens = createActionTokens(config.secrets.tokenSecret);
    const reminders = createReminders({
      db,
      config,
      clock,
      jobs,
      tokens,
      planner,
      deliver: needs.deliverReminder,
      visitRoom: needs.visitRoomOf,
      supplyOf: needs.prescriptionSupply,
      recordDose: needs.recordDose,
      missedDoses: { watchersOf: needs.missedDoseWatchers, alert: needs.alertMissedDose },
      caregiversWith: needs.caregiversWith,
    });
    return { planner, tokens, reminders };
  },
  provides: ({ planner, tokens }) => ({
    planDoses: planner.planDoses.bind(planner),
    planVisit: planner.planVisit.bind(planner),
    planRunOut: planner.planRunOut.bind(planner),
    actionTokenFor: tokens.tokenFor,
  }),
  routes: ({ reminders }) => ({ public: [reminderRoutes(reminders)] }),
  life: ({ reminders }, { config, log }) => ({
    async onReady() {
      if (config.jobsPollMs <= 0) return;
      // Missing it only delays the safety-net pass: each reminder also queues the next day's.
      await reminders.ensureDailyPlanning().catch((error: unknown) => {
        log.warn({ failure: failureLabel(error) }, 'could not queue the daily reminder planning');
      });
    },
  }),
});
