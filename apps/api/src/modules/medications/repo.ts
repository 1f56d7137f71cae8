import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor, MedicationsTable } from '../../db/schema.ts';

export type MedicationRow = Selectable<MedicationsTable>;

export function listMedicationsOf(db: Executor, patientId: string) {
  return db
    .selectFrom('medications')
    .selectAll()
    .where('patient_id', '=', patientId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** A medication only when it belongs to this patient: anyone else's id looks like no medication at all. */
export function findMedicationOf(db: Executor, patientId: string, id: string) {
  return db
    .selectFrom('medications')
    .selectAll()
    .where('id', '=', id)
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
}

export async function insertMedication(db: Executor, row: Insertable<MedicationsTable>) {
  await db.insertInto('medications').values(row).execute();
}

export async function updateMedication(
  db: Executor,
  id: string,
  changes: Updateable<MedicationsTable>,
) {
  await db.updateTable('medications').set(changes).where('id', '=', id).execute();
}

export async function deleteMedication(db: Executor, id: string) {
  await db.deleteFrom('medications').where('id', '=', id).execute();
}

export async function upsertDose(
  db: Executor,
  medicationId: string,
  date: string,
  taken: boolean,
  now: Date,
) {
  const recorded_at = now.toISOString();
  await db
    .insertInto('doses')
    .values({ medication_id: medicationId, date, taken, recorded_at })
    .onConflict((oc) => oc.columns(['medication_id', 'date']).doUpdateSet({ taken, recorded_at }))
    .execute();
}

/** Dates on which each medication was ticked as taken, within [from, to]. */
export async function takenDatesOf(
  db: Executor,
  medicationIds: string[],
  from: string,
  to: string,
) {
  const byMedication = new Map<string, string[]>(medicationIds.map((id) => [id, []]));
  if (medicationIds.length === 0) return byMedication;
  const rows = await db
    .selectFrom('doses')
    .select(['medication_id', 'date'])
    .where('medication_id', 'in', medicationIds)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('taken', '=', true)
    .execute();
  for (const row of rows) byMedication.get(row.medication_id)?.push(row.date);
  return byMedication;
}
