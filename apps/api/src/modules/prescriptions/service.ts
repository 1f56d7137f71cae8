import { Temporal } from 'temporal-polyfill';
import {
  MAX_ACTIVE_PRESCRIPTIONS,
  addDays,
  localDate,
  validUntilProblem,
  type PageRequest,
  type Prescription,
  type PrescriptionCreateData,
  type PrescriptionList,
  type PrescriptionStatus,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../lib/person-lock.ts';
import { violates } from '../../lib/unique-violation.ts';
import type { AccessClaims } from '../accounts/tokens.ts';
import { recordAudit, recordAudits, type AuditAction } from '../audit/service.ts';
import { newPrescriptionCode } from './code.ts';
import {
  cancelIfOpen,
  countActive,
  fillsOf,
  findPrescription,
  hasDispensedFill,
  insertPrescription,
  listPrescriptions,
  patientZone,
  type PrescriptionRow,
} from './repo.ts';
import { statusAt, toPrescription } from './view.ts';

const noSuchPatient = () =>
  new AppError(404, 'not_found', 'There is no such patient among those who share with you.', {
    patientId: 'There is no such patient among those who share with you.',
  });
const noSuchPrescription = () => new AppError(404, 'not_found', 'There is no such prescription.');

/** A clash of two random 54-bit codes is rarer than a lost disk; a few tries are plenty. */
const CODE_TRIES = 5;
const CODE_INDEX = { table: 'prescriptions', columns: ['code'] };

export interface PrescriptionNotice {
  prescriptionId: string;
  patientId: string;
  doctorId: string;
  medication: string;
  change: 'written' | 'cancelled';
}

export interface PrescriptionServiceDeps {
  db: Db;
  clock: () => Date;
  /** From the care module: whether the patient shares with the doctor right now. */
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>;
  /** Tells the patient (notifications), inside the change's transaction. */
  announce: (trx: Executor, notice: PrescriptionNotice) => Promise<void>;
}

/** The first instant after `validuntil` in the patient's time zone: when it stops being valid. */
function endOfDay(validuntil: string, timeZone: string): string {
  const next = Temporal.PlainDate.from(addDays(validuntil, 1));
  const ms = next.toZonedDateTime({ timeZone }).epochMilliseconds;
  return new Date(ms).toISOString();
}

/**
 * Prescriptions a doctor writes for a patient who shares with them. The patient and the doctor who
 * wrote it see it (the prescriber keeps seeing what they wrote after a link ends, so they can still
 * cancel it); everyone else gets 404. Every look by the doctor is in the patient's access log.
 */
export function createPrescriptionService({
  db,
  clock,
  isLinked,
  announce,
}: PrescriptionServiceDeps) {
  async function withFills(rows: PrescriptionRow[], viewer: AccessClaims['role']) {
    const fills = await fillsOf(
      db.kysely,
      rows.map((r) => r.id),
    );
    const now = clock();
    return rows.map((r) =>
      toPrescription(
        r,
        fills.filter((f) => f.prescription_id === r.id),
        viewer === 'doctor' ? 'doctor' : 'patient',
        now,
      ),
    );
  }

  /** The prescription, if the caller is its patient or its doctor; else a 404 that says nothing more. */
  async function reachable(claims: AccessClaims, id: string) {
    const row = await findPrescription(db.kysely, id);
    const mine =
      row &&
      ((claims.role === 'patient' && row.patient_id === claims.userId) ||
        (claims.role === 'doctor' && row.doctor_id === claims.userId));
    if (!row || !mine) throw noSuchPrescription();
    return row;
  }

  function auditByDoctor(
    trx: Executor,
    claims: AccessClaims,
    action: AuditAction,
    patientId: string,
    ip: string,
  ) {
    if (claims.role !== 'doctor') return Promise.resolve();
    return recordAudit(trx, { actorId: claims.userId, action, subjectId: patientId, ip }, clock());
  }

  return {
    async create(claims: AccessClaims, body: PrescriptionCreateData, ip: string) {
      if (!(await isLinked(body.patientId, claims.userId))) throw noSuchPatient();
      const timeZone = await patientZone(db.kysely, body.patientId);
      if (timeZone === undefined) throw noSuchPatient();
      const now = clock();
      const problem = validUntilProblem(body.validuntil, localDate(now, timeZone));
      if (problem) {
        throw new AppError(400, 'invalid_input', problem, { validuntil: problem });
      }
      const id = newId();
      const iso = now.toISOString();
      const row = {
        id,
        code: '',
        patient_id: body.patientId,
        doctor_id: claims.userId,
        pharmacy_id: null,
        medication_name: body.medication.name,
        medication_strength: body.medication.strength,
        medication_form: body.medication.form,
        dose_amount_milli: Math.round(body.dose.amount * 1000),
        dose_unit: body.dose.unit,
        times_of_day: body.dose.timesofday.join(','),
        quantity: body.quantity,
        refills: body.refills,
        valid_until: body.validuntil,
        expires_at: endOfDay(body.validuntil, timeZone),
        instructions: body.instructions,
        note: body.note ? body.note : null,
        status: 'active' as const,
        cancel_reason: null,
        cancelled_at: null,
        created_at: iso,
        updated_at: iso,
      };
      for (let attempt = 1; ; attempt++) {
        try {
          await db.kysely.transaction().execute(async (trx) => {
            await lockPerson(trx, db.dialect, body.patientId);
            if ((await countActive(trx, body.patientId, iso)) >= MAX_ACTIVE_PRESCRIPTIONS) {
              throw new AppError(
                409,
                'too_many_prescriptions',
                `This patient already has ${MAX_ACTIVE_PRESCRIPTIONS} active prescriptions, the most Tend keeps. Cancel one that is no longer needed to write another.`,
              );
            }
            await insertPrescription(trx, { ...row, code: newPrescriptionCode() });
            await auditByDoctor(trx, claims, 'prescription.written', body.patientId, ip);
            await announce(trx, {
              prescriptionId: id,
              patientId: body.patientId,
              doctorId: claims.userId,
              medication: body.medication.name,
              change: 'written',
            });
          });
          break;
        } catch (error) {
          // The code is drawn afresh on each try; the unique index, not a read, decides a clash.
          if (attempt >= CODE_TRIES || !violates(error, CODE_INDEX)) throw error;
        }
      }
      const created = await findPrescription(db.kysely, id);
      if (!created) throw noSuchPrescription();
      return (await withFills([created], claims.role))[0] as Prescription;
    },

    async list(
      claims: AccessClaims,
      query: { status?: PrescriptionStatus | undefined; patientId?: string | undefined },
      page: PageRequest,
      ip: string,
    ): Promise<PrescriptionList> {
      const now = clock().toISOString();
      const { status, patientId } = query;
      let filter;
      if (claims.role === 'patient') {
        if (patientId !== undefined && patientId !== claims.userId) throw noSuchPatient();
        filter = { patientId: claims.userId, status, now };
      } else {
        if (patientId !== undefined && !(await isLinked(patientId, claims.userId))) {
          throw noSuchPatient();
        }
        filter = { doctorId: claims.userId, patientId, status, now };
      }
      const { rows, nextCursor } = await listPrescriptions(db.kysely, filter, page);
      const shown = [...new Set(rows.map((r) => r.patient_id))];
      if (claims.role === 'doctor' && shown.length > 0) {
        // One statement for the whole page: each patient shown gets their event.
        await recordAudits(
          db.kysely,
          shown.map((subjectId) => ({
            actorId: claims.userId,
            action: 'prescriptions.listed' as const,
            subjectId,
            ip,
          })),
          clock(),
        );
      }
      return { prescriptions: await withFills(rows, claims.role), nextCursor };
    },

    async get(claims: AccessClaims, id: string, ip: string): Promise<Prescription> {
      const row = await reachable(claims, id);
      await auditByDoctor(db.kysely, claims, 'prescription.viewed', row.patient_id, ip);
      return (await withFills([row], claims.role))[0] as Prescription;
    },

    /** What the PDF prints; the caller renders it. A doctor's print is in the patient's log. */
    async forPrinting(claims: AccessClaims, id: string, ip: string): Promise<Prescription> {
      const row = await reachable(claims, id);
      await auditByDoctor(db.kysely, claims, 'prescription.printed', row.patient_id, ip);
      return (await withFills([row], claims.role))[0] as Prescription;
    },

    async cancel(claims: AccessClaims, id: string, reason: string, ip: string) {
      const row = await reachable(claims, id);
      const now = clock();
      const refused = await whyNotCancellable(row, now);
      if (refused) throw refused;
      await db.kysely.transaction().execute(async (trx) => {
        if (!(await cancelIfOpen(trx, id, reason, now.toISOString()))) {
          // Changed since it was read (a dispense or another cancel won): say what it is now.
          const current = await findPrescription(trx, id);
          throw (current && (await whyNotCancellable(current, now))) ?? notCancellable();
        }
        await auditByDoctor(trx, claims, 'prescription.cancelled', row.patient_id, ip);
        await announce(trx, {
          prescriptionId: id,
          patientId: row.patient_id,
          doctorId: row.doctor_id,
          medication: row.medication_name,
          change: 'cancelled',
        });
      });
      const cancelled = await findPrescription(db.kysely, id);
      if (!cancelled) throw noSuchPrescription();
      return (await withFills([cancelled], claims.role))[0] as Prescription;
    },
  };

  async function whyNotCancellable(row: PrescriptionRow, now: Date): Promise<AppError | null> {
    const status = statusAt(row, now);
    if (status === 'cancelled') {
      return new AppError(409, 'already_cancelled', 'This prescription was already cancelled.');
    }
    if (status === 'expired') {
      return new AppError(
        409,
        'prescription_expired',
        'This prescription has expired, so it can no longer be filled and needs no cancelling.',
      );
    }
    if (status === 'completed' || (await hasDispensedFill(db.kysely, row.id))) {
      return new AppError(
        409,
        'already_dispensed',
        'A pharmacy has already dispensed this prescription, so it can no longer be cancelled.',
      );
    }
    return null;
  }
}

const notCancellable = () =>
  new AppError(409, 'not_cancellable', 'This prescription can no longer be cancelled.');

export type PrescriptionService = ReturnType<typeof createPrescriptionService>;
