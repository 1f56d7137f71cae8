import type { PageRequest } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { accessLogOf } from './access-log.ts';
import type { CareNeeds } from './context.ts';
import { linkService } from './links.ts';
import { peopleService } from './people.ts';

export { withAdmittedLink } from './admitted-links.ts';
export { noSuchPatient, type CareNeeds } from './context.ts';

/**
 * Who may see whose health data. A doctor sees a patient's medications only while a care link exists
 * (the patient made it by sharing); every such read is written to the audit log the patient can read.
 */
export function createCareService(
  db: Db,
  needs: CareNeeds,
  clock: () => Date = () => new Date(),
  /** The clinic's currency (config CLINIC_CURRENCY), carried beside every doctor's fee. */
  currency: string,
) {
  const ctx = { db, clock, needs, currency };
  const links = linkService(ctx);
  return {
    ...links,
    ...peopleService(ctx, links.isLinked),
    accessLog: (patientId: string, page: PageRequest) => accessLogOf(db, patientId, page),
  };
}

export type CareService = ReturnType<typeof createCareService>;
