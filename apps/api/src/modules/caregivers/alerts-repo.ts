import type { CaregiverArea } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { areasOf } from './repo.ts';

/** A patient's accepted caregivers, with their areas and alert choices (20 at most). */
async function activeLinksOf(db: Executor, patientId: string) {
  return db
    .selectFrom('caregivers')
    .select(['id', 'caregiver_id', 'areas', 'alert_missed_doses', 'alert_delay_minutes'])
    .where('patient_id', '=', patientId)
    .where('status', '=', 'active')
    .where('caregiver_id', 'is not', null)
    .execute();
}

/** The accepted relations of a patient that give this area: the relation and the caregiver. */
export async function linksWithArea(db: Executor, patientId: string, area: CaregiverArea) {
  const links = await activeLinksOf(db, patientId);
  return links.flatMap((link) =>
    link.caregiver_id !== null && areasOf(link.areas).includes(area)
      ? [{ ...link, caregiver_id: link.caregiver_id }]
      : [],
  );
}

/**
 * Claims the one missed-dose alert of a relation and a dose (its primary key): true for the first
 * to claim it, false for anyone after, whichever instance asks. In the alert's transaction, so a
 * rollback gives the claim back.
 */
export async function claimMissedDoseAlert(
  db: Executor,
  row: { caregiver_link_id: string; medication_id: string; day: string; sent_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('missed_dose_alerts')
    .values(row)
    .onConflict((oc) => oc.columns(['caregiver_link_id', 'medication_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
