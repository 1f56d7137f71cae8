import { API_PREFIX, localDate } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { noSuchPatient, patientAsked } from '../../lib/patient-asked.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { recordAudit } from '../audit/service.ts';
import { recordBundleJson, type PatientRecord } from './bundle.ts';
import { keptExports } from './kept-exports.ts';
import {
  appointmentsOf,
  caregiversOf,
  measurementsOf,
  medicationsOf,
  patientOf,
  prescriptionsOf,
  reportBytes,
  reportsOf,
  takenDaysOf,
} from './repo.ts';

export interface FhirServiceDeps {
  db: Db;
  clock: () => Date;
  /** From the care module: whether the patient shares with the doctor right now. */
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>;
  /** Where Tend is reached: a report too large to carry points at its file there. */
  publicUrl: string;
}

/** Reads the whole record of one patient, every query in the caller's transaction. */
async function readRecord(trx: Executor, patientId: string, now: Date) {
  const patient = await patientOf(trx, patientId);
  if (!patient) throw noSuchPatient();
  const today = localDate(now, patient.timezone);
  const reports = await reportsOf(trx, patientId);
  const record: PatientRecord = {
    patient,
    caregivers: await caregiversOf(trx, patientId),
    medications: await medicationsOf(trx, patientId),
    takenDays: new Map(
      (await takenDaysOf(trx, patientId, today)).map((t) => [
        t.medication_id,
        { days: Number(t.days), last: t.last },
      ]),
    ),
    prescriptions: await prescriptionsOf(trx, patientId),
    appointments: await appointmentsOf(trx, patientId),
    measurements: await measurementsOf(trx, patientId),
    reports,
    reportBytes: await reportBytes(trx, reports),
  };
  return { record, today };
}

/**
 * The whole record of a patient as a FHIR R4 Bundle (DESIGN.md "Interop and reach"): the patient's
 * own, or a linked doctor's patient's, whose download then shows in the patient's access log. Everyone
 * else is told there is no such patient; pharmacies never reach here (the route's gate refuses
 * their role).
 */
export function createFhirService({ db, clock, isLinked, publicUrl }: FhirServiceDeps) {
  const kept = keptExports(db);

  async function writeRecord(patientId: string, now: Date) {
    // One snapshot for every query: PostgreSQL's default gives each statement its own. SQLite's
    // transaction already reads one snapshot (and Tend holds its only connection meanwhile).
    const transaction =
      db.dialect === 'postgres'
        ? db.kysely.transaction().setIsolationLevel('repeatable read')
        : db.kysely.transaction();
    const { record, today } = await transaction.execute((trx) => readRecord(trx, patientId, now));
    const fileUrl = (id: string) => `${publicUrl}${API_PREFIX}/reports/${id}/file`;
    // Written after the transaction ends: on SQLite it holds Tend's one connection.
    return { json: recordBundleJson(record, { now, today, fileUrl }), today };
  }

  return {
    async exportRecord(
      claims: AccessClaims,
      patientIdAsked: string | undefined,
      ip: string,
    ): Promise<{ json: AsyncGenerator<string>; today: string }> {
      const patientId = await patientAsked(claims, patientIdAsked, isLinked);
      const now = clock();
      const written = await kept.exportOf(patientId, now, () => writeRecord(patientId, now));
      // A doctor's download is in the patient's access log before it is answered, kept or not.
      // Committed with the other looks of the moment, outside the record's read (decision 035).
      if (claims.userId !== patientId) {
        await recordAudit(
          db.kysely,
          { actorId: claims.userId, action: 'record.exported', subjectId: patientId, ip },
          now,
        );
      }
      return written;
    },
  };
}

export type FhirService = ReturnType<typeof createFhirService>;
