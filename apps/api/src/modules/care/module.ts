import { defineModule } from '../module.ts';
import { careRoutes } from './routes.ts';
import { createCareService, withAdmittedLink, type CareService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** Whether the pair shares a care link right now: the one rule of who shares with whom. */
    isLinked: CareService['isLinked'];
    /** Runs a request's rest knowing the link its gate found (plugins/gates.ts, decision 047). */
    withAdmittedLink: typeof withAdmittedLink;
    /** Whether a viewer may see a person's picture and name (they share a link or a visit). */
    mayViewPerson: CareService['mayViewPerson'];
    /** A doctor accepting a visit links the pair, as if the patient had shared. */
    linkOnAcceptedVisit: CareService['linkOnAcceptedVisit'];
    /** The doctors a patient shares with now, for a live event about the patient's data. */
    linkedDoctorIdsOf: CareService['linkedDoctorIdsOf'];
  }
}

/** Who cares for whom: the links patients make with doctors, and a doctor's patients. */
export const careModule = defineModule({
  name: 'care',
  needs: ['medicationTrackingOf', 'adherenceTotalsOf', 'directoryStatsOf', 'outsideTargetsOf'],
  create: ({ db, clock, config }, needs) =>
    createCareService(
      db,
      {
        trackingOf: needs.medicationTrackingOf,
        adherenceTotalsOf: needs.adherenceTotalsOf,
        directoryStatsOf: needs.directoryStatsOf,
        outsideTargetsOf: needs.outsideTargetsOf,
      },
      clock,
      config.currency,
    ),
  provides: (care) => ({
    isLinked: care.isLinked,
    withAdmittedLink,
    mayViewPerson: care.mayViewPerson,
    linkOnAcceptedVisit: care.linkOnAcceptedVisit.bind(care),
    linkedDoctorIdsOf: care.linkedDoctorIdsOf,
  }),
  routes: (care) => ({ care: [careRoutes(care)] }),
});
