import { MAX_CAREGIVERS } from '@tend/shared';
import {
  FHIR_EXPORT_MAX_APPOINTMENTS,
  FHIR_EXPORT_MAX_ATTACHMENT_BYTES,
  FHIR_EXPORT_MAX_PRESCRIPTIONS,
  MAX_MEASUREMENTS_PER_PATIENT,
  MAX_MEDICATIONS,
  MAX_REPORTS_PER_PATIENT,
} from '@tend/shared';
import type { Executor } from '../../db/schema.ts';

/**
 * What a FHIR export reads of one patient. It reads the tables of several modules itself, rather than
 * through their services, so that every query runs in the one transaction the service opens: the file
 * is one moment of the record (docs/decisions/030). Each list is bounded (see @tend/shared fhir.ts).
 */

export function patientOf(db: Executor, patientId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'firstname',
      'lastname',
      'dateofbirth',
      'bloodgroup',
      'number',
      'address',
      'city',
      'state',
      'postcode',
      'country',
      'timezone',
      'dependent',
      'updated_at',
    ])
    .where('id', '=', patientId)
    .where('user_type', '=', 'patient')
    .executeTakeFirst();
}
export type PatientRow = NonNullable<Awaited<ReturnType<typeof patientOf>>>;

/** The patient's caregivers now (accepted), oldest first: at most MAX_CAREGIVERS and the one who made a dependent. */
export function caregiversOf(db: Executor, patientId: string) {
  return db
    .selectFrom('caregivers')
    .innerJoin('users', 'users.id', 'caregivers.caregiver_id')
    .select([
      'caregivers.id',
      'caregivers.areas',
      'caregivers.accepted_at',
      'users.id as caregiver_id',
      'users.firstname',
      'users.lastname',
      'users.email',
    ])
    .where('caregivers.patient_id', '=', patientId)
    .where('caregivers.status', '=', 'active')
    .orderBy('caregivers.created_at')
    .orderBy('caregivers.id')
    .limit(MAX_CAREGIVERS + 1)
    .execute();
}
export type CaregiverRow = Awaited<ReturnType<typeof caregiversOf>>[number];

export function medicationsOf(db: Executor, patientId: string) {
  return db
    .selectFrom('medications')
    .selectAll()
    .where('patient_id', '=', patientId)
    .orderBy('startdate')
    .orderBy('id')
    .limit(MAX_MEDICATIONS)
    .execute();
}

/**
 * Per medication: days ticked as taken inside its window up to `today`, and the last one. Counted by
 * the database, so a long-kept list never hands years of dose rows to the process.
 */
export function takenDaysOf(db: Executor, patientId: string, today: string) {
  return db
    .selectFrom('doses')
    .innerJoin('medications as m', 'm.id', 'doses.medication_id')
    .select((eb) => [
      'doses.medication_id',
      eb.fn.countAll<number>().as('days'),
      eb.fn.max('doses.date').as('last'),
    ])
    .where('m.patient_id', '=', patientId)
    .where('doses.taken', '=', true)
    .whereRef('doses.date', '>=', 'm.startdate')
    .where((eb) =>
      eb.or([eb('m.enddate', 'is', null), eb('doses.date', '<=', eb.ref('m.enddate'))]),
    )
    .where('doses.date', '<=', today)
    .groupBy('doses.medication_id')
    .execute();
}

export function prescriptionsOf(db: Executor, patientId: string) {
  return db
    .selectFrom('prescriptions as p')
    .leftJoin('users as doctor', 'doctor.id', 'p.doctor_id')
    .selectAll('p')
    .select(['doctor.firstname as doctor_firstname', 'doctor.lastname as doctor_lastname'])
    .where('p.patient_id', '=', patientId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(FHIR_EXPORT_MAX_PRESCRIPTIONS)
    .execute();
}
export type PrescriptionRow = Awaited<ReturnType<typeof prescriptionsOf>>[number];

export function appointmentsOf(db: Executor, patientId: string) {
  return db
    .selectFrom('appointments as a')
    .leftJoin('users as doctor', 'doctor.id', 'a.doctor_id')
    .select([
      'a.id',
      'a.doctor_id',
      'a.start_at',
      'a.end_at',
      'a.type',
      'a.purpose',
      'a.status',
      'a.cancel_reason',
      'a.followup',
      'a.created_at',
      'doctor.firstname as doctor_firstname',
      'doctor.lastname as doctor_lastname',
    ])
    .where('a.patient_id', '=', patientId)
    .orderBy('a.start_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(FHIR_EXPORT_MAX_APPOINTMENTS)
    .execute();
}
export type AppointmentRow = Awaited<ReturnType<typeof appointmentsOf>>[number];

export function measurementsOf(db: Executor, patientId: string) {
  return db
    .selectFrom('measurements as m')
    .leftJoin('users as recorder', 'recorder.id', 'm.recorded_by')
    .selectAll('m')
    .select([
      'recorder.firstname as recorder_firstname',
      'recorder.lastname as recorder_lastname',
      'recorder.user_type as recorder_type',
    ])
    .where('m.patient_id', '=', patientId)
    .orderBy('m.taken_at')
    .orderBy('m.id')
    .limit(MAX_MEASUREMENTS_PER_PATIENT)
    .execute();
}
export type MeasurementRow = Awaited<ReturnType<typeof measurementsOf>>[number];

export function reportsOf(db: Executor, patientId: string) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as uploader', 'uploader.id', 'r.uploaded_by')
    .selectAll('r')
    .select([
      'uploader.firstname as uploader_firstname',
      'uploader.lastname as uploader_lastname',
      'uploader.user_type as uploader_type',
    ])
    .where('r.patient_id', '=', patientId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(MAX_REPORTS_PER_PATIENT)
    .execute();
}
export type ReportRow = Awaited<ReturnType<typeof reportsOf>>[number];

/**
 * The bytes of the newest reports whose sizes fit the budget together, by report id. They are read
 * from the file chunks here, in the export's transaction, rather than through the file store (which
 * reads outside any transaction): a report deleted meanwhile must not leave its row without bytes.
 */
export async function reportBytes(
  db: Executor,
  reports: ReportRow[],
  budgetBytes = FHIR_EXPORT_MAX_ATTACHMENT_BYTES,
) {
  const bytes = new Map<string, Buffer>();
  let budget = budgetBytes;
  for (const report of reports) {
    if (report.size > budget) continue;
    budget -= report.size;
    const chunks = await db
      .selectFrom('file_chunks')
      .select('data')
      .where('file_id', '=', report.file_id)
      .orderBy('seq')
      .execute();
    bytes.set(report.id, Buffer.concat(chunks.map((c) => c.data)));
  }
  return bytes;
}
