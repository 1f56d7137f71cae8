import { DEFAULT_REMINDER_TIMES, type ReminderTimes } from '@tend/shared';
import type { Executor, ReminderActionsTable } from '../../db/schema.ts';

export async function findPerson(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'firstname',
      'lastname',
      'user_type',
      'timezone',
      'language',
      'disabled_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}
export type ReminderPerson = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/**
 * What planning a patient's dose reminders needs of them, their time zone and reminder times, in
 * one read (undefined for anyone but a patient). Times not yet set are Tend's defaults.
 */
export async function findPatientForPlanning(
  db: Executor,
  patientId: string,
): Promise<{ timezone: string; remindertimes: ReminderTimes } | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
    .select([
      'users.timezone',
      'notification_settings.day',
      'notification_settings.afternoon',
      'notification_settings.night',
    ])
    .where('users.id', '=', patientId)
    .where('users.user_type', '=', 'patient')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    timezone: row.timezone,
    remindertimes: {
      day: row.day ?? DEFAULT_REMINDER_TIMES.day,
      afternoon: row.afternoon ?? DEFAULT_REMINDER_TIMES.afternoon,
      night: row.night ?? DEFAULT_REMINDER_TIMES.night,
    },
  };
}

const medicationFields = [
  'id',
  'patient_id',
  'name',
  'dosage',
  'startdate',
  'enddate',
  'timefrequency',
] as const;

export async function findMedication(db: Executor, id: string) {
  return db
    .selectFrom('medications')
    .select(medicationFields)
    .where('id', '=', id)
    .executeTakeFirst();
}
export type ReminderMedication = NonNullable<Awaited<ReturnType<typeof findMedication>>>;

/** The patient's medications still running on or after `from` (ended ones need no reminders). */
export async function runningMedicationsOf(
  db: Executor,
  patientId: string,
  from: string,
  ids?: string[],
) {
  let query = db
    .selectFrom('medications')
    .select(medicationFields)
    .where('patient_id', '=', patientId)
    .where((eb) => eb.or([eb('enddate', 'is', null), eb('enddate', '>=', from)]));
  if (ids) query = query.where('id', 'in', ids);
  return query.execute();
}

/** medication id → its ticked dates among `dates`. */
export async function takenOn(db: Executor, medicationIds: string[], dates: string[]) {
  const taken = new Map<string, Set<string>>();
  if (medicationIds.length === 0) return taken;
  const rows = await db
    .selectFrom('doses')
    .select(['medication_id', 'date'])
    .where('medication_id', 'in', medicationIds)
    .where('date', 'in', dates)
    .where('taken', '=', true)
    .execute();
  for (const row of rows) {
    const set = taken.get(row.medication_id) ?? new Set<string>();
    set.add(row.date);
    taken.set(row.medication_id, set);
  }
  return taken;
}

/** One page of patients (by id) with a medication still running on or after `from`. */
export async function patientsWithRunningMedications(
  db: Executor,
  from: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom('medications')
    .select('patient_id')
    .distinct()
    .where((eb) => eb.or([eb('enddate', 'is', null), eb('enddate', '>=', from)]))
    .orderBy('patient_id')
    .limit(limit);
  if (after) query = query.where('patient_id', '>', after);
  return (await query.execute()).map((r) => r.patient_id);
}

export async function insertAction(db: Executor, row: ReminderActionsTable) {
  await db.insertInto('reminder_actions').values(row).execute();
}

export async function findActionByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('reminder_actions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteExpiredActions(db: Executor, now: Date) {
  await db.deleteFrom('reminder_actions').where('expires_at', '<', now.toISOString()).execute();
}

/** The appointment as its reminders need it. */
export async function findAppointment(db: Executor, id: string) {
  return db
    .selectFrom('appointments')
    .select(['id', 'patient_id', 'doctor_id', 'start_at', 'type', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function doctorLocation(db: Executor, doctorId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('location')
    .where('id', '=', doctorId)
    .executeTakeFirst();
  return row?.location ?? null;
}

/** The medications a prescription's dispensings put on the list, with the units handed over. */
export async function suppliedMedicationsOf(db: Executor, prescriptionId: string) {
  return db
    .selectFrom('medications')
    .select(['id', 'timefrequency', 'supply', 'enddate', 'created_at'])
    .where('prescription_id', '=', prescriptionId)
    .where('supply', 'is not', null)
    .execute();
}

/** The ticked doses of these medications on or after a local day, oldest first. */
export async function dosesTakenSince(db: Executor, medicationIds: string[], from: string) {
  if (medicationIds.length === 0) return [];
  return db
    .selectFrom('doses')
    .select(['medication_id', 'date'])
    .where('medication_id', 'in', medicationIds)
    .where('date', '>=', from)
    .where('taken', '=', true)
    .orderBy('date')
    .execute();
}
