import { defineModule } from '../module.ts';
import { dependentRoutes, ownSignInRoutes } from './dependent-routes.ts';
import { caregiverRoutes, invitationLinkRoutes } from './routes.ts';
import { createCaregiverService, type CaregiverService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** The areas a patient gives this caregiver right now (the gates ask, plugins/gates.ts). */
    caregiverAreasOf: CaregiverService['areasOf'];
    /** A caregiver's look or action in the patient's access log, before it runs. */
    recordOnBehalf: CaregiverService['recordOnBehalf'];
    /** Who wants missed-dose alerts of a patient, and after how long (the reminders plan them). */
    missedDoseWatchers: CaregiverService['missedDoseWatchers'];
    /** A missed dose told to one caregiver, once per relation and dose, in the alert's transaction. */
    alertMissedDose: CaregiverService['alertMissedDose'];
    /** The caregivers a patient gives an area right now, as notices reach them. */
    caregiversWith: CaregiverService['caregiversWith'];
    /** Their ids only, for a live event. */
    caregiverIdsWith: CaregiverService['caregiverIdsWith'];
  }
}

/** Caregivers: the family who help, chosen and ended by the patient (DESIGN.md "Caregivers"). */
export const caregiversModule = defineModule({
  name: 'caregivers',
  needs: [
    'deliverReminder',
    'publish',
    'planDoses',
    'addDependent',
    'handOwnSignIn',
    'isDependent',
    'preparePassword',
    'isEmailTaken',
  ],
  create: ({ db, clock, config, outbox }, needs) =>
    createCaregiverService({
      db,
      clock,
      publicUrl: config.publicUrl,
      accounts: {
        addDependent: needs.addDependent,
        handOwnSignIn: needs.handOwnSignIn,
        isDependent: needs.isDependent,
        preparePassword: needs.preparePassword,
        isEmailTaken: needs.isEmailTaken,
      },
      tell: (trx, person, notice) => needs.deliverReminder(trx, person, notice),
      sendEmail: async (trx, email, key) => {
        if (outbox.enabled) await outbox.send(trx, email, { key });
      },
      planAlerts: (trx, patientId) => needs.planDoses(trx, patientId),
      publish: (trx, userIds, data) => needs.publish(trx, userIds, 'caregiving', data),
    }),
  provides: (caregivers) => ({
    caregiverAreasOf: caregivers.areasOf,
    recordOnBehalf: caregivers.recordOnBehalf,
    missedDoseWatchers: caregivers.missedDoseWatchers.bind(caregivers),
    alertMissedDose: caregivers.alertMissedDose.bind(caregivers),
    caregiversWith: caregivers.caregiversWith.bind(caregivers),
    caregiverIdsWith: caregivers.caregiverIdsWith.bind(caregivers),
  }),
  routes: (caregivers) => ({
    public: [invitationLinkRoutes(caregivers), ownSignInRoutes(caregivers)],
    signedIn: [caregiverRoutes(caregivers), dependentRoutes(caregivers)],
  }),
});
