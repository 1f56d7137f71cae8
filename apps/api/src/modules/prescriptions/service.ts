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
  type FillStep,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor, PrescriptionsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../lib/person-lock.ts';
import { violates } from '../../lib/unique-violation.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { recordAudit, recordAudits, type AuditAction } from '../audit/service.ts';
import { newPrescriptionCode } from './code.ts';
import type { DispensedMedication } from '../medications/service.ts';
import { createFillSteps } from './fills.ts';
import { insertFill, latestFill, moveRequestedFill, stepFill } from './fills-repo.ts';
import {
  cancelIfOpen,
  countActive,
  fillsOf,
  findPrescription,
  hasFillIn,
  insertPrescription,
  listPrescriptions,
  patientZone,
  sendIfOpen,
  type PrescriptionRow,
} from './repo.ts';
import { statusAt, toPrescription, type Viewer } from './view.ts';

/** What a caller who may not reach the named patient is told (also by the routes' gates). */
export const noSuchPatient = () =>
  new AppError(404, 'not_found', 'There is no such patient among those who share with you.', {
    patientId: 'There is no such patient among those who share with you.',
  });
const noSuchPrescription = () => new AppError(404, 'not_found', 'There is no such prescription.');
const noSuchPharmacy = () =>
  new AppError(404, 'not_found', 'There is no such pharmacy in the directory.', {
    pharmacyId: 'There is no such pharmacy in the directory.',
  });

/** A clash of two random 54-bit codes is rarer than a lost disk; a few tries are plenty. */
const CODE_TRIES = 5;
const CODE_INDEX = { table: 'prescriptions', columns: ['code'] };

export interface PrescriptionNotice {
  prescriptionId: string;
  patientId: string;
  doctorId: string;
  medication: string;
  /**
   * written, cancelled, fill, renewal_approved, renewal_refused: the patient is told; sent,
   * refill_requested: the pharmacy; renewal_requested: the doctor (and cancelled: the pharmacy too).
   */
  change:
    | 'written'
    | 'cancelled'
    | 'sent'
    | 'fill'
    | 'refill_requested'
    | 'renewal_requested'
    | 'renewal_approved'
    | 'renewal_refused';
  /** The pharmacy it was sent to (sent, refill_requested, fill; cancelled when it had one). */
  pharmacyId?: string | null;
  /** The step a fill took (change 'fill'). */
  fillStatus?: FillStep;
  /** Why a fill or a renewal was refused. */
  reason?: string | null;
}

export interface PrescriptionServiceDeps {
  db: Db;
  clock: () => Date;
  /** From the care module: whether the patient shares with the doctor right now. */
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>;
  /** Tells the patient, or the pharmacy it was sent to (notifications), inside the change's transaction. */
  announce: (trx: Executor, notice: PrescriptionNotice) => Promise<void>;
  /** From the pharmacies module: whether the id is a pharmacy in the directory. */
  isListedPharmacy: (id: string) => Promise<boolean>;
  /** From the medications module: puts a dispensing on the patient's list, inside its transaction. */
  addDispensed: (trx: Executor, patientId: string, dispensed: DispensedMedication) => Promise<void>;
}

/** The first instant after `validuntil` in the patient's time zone: when it stops being valid. */
function endOfDay(validuntil: string, timeZone: string): string {
  const next = Temporal.PlainDate.from(addDays(validuntil, 1));
  const ms = next.toZonedDateTime({ timeZone }).epochMilliseconds;
  return new Date(ms).toISOString();
}

/**
 * Prescriptions a doctor writes for a patient who shares with them and the patient sends to a
 * pharmacy. The patient, the doctor who wrote it and the pharmacy it was sent to see it (the
 * prescriber keeps seeing what they wrote after a link ends, so they can still cancel it); everyone
 * else gets 404. Every look by the doctor or the pharmacy is in the patient's access log. Each role
 * is checked by name: no branch reads "doctor, else patient", so a pharmacy never falls into one.
 */
export function createPrescriptionService(deps: PrescriptionServiceDeps) {
  const { db, clock, isLinked, announce, isListedPharmacy } = deps;
  async function withFills(rows: PrescriptionRow[], viewer: Viewer) {
    const fills = await fillsOf(
      db.kysely,
      rows.map((r) => r.id),
    );
    const now = clock();
    return rows.map((r) =>
      toPrescription(
        r,
        fills.filter((f) => f.prescription_id === r.id),
        viewer,
        now,
      ),
    );
  }

  /**
   * The prescription, if the caller is its patient, its doctor or the pharmacy it was sent to; else
   * a 404 that says nothing more.
   */
  async function reachable(claims: AccessClaims, id: string) {
    const row = await findPrescription(db.kysely, id);
    const mine =
      row &&
      ((claims.role === 'patient' && row.patient_id === claims.userId) ||
        (claims.role === 'doctor' && row.doctor_id === claims.userId) ||
        (claims.role === 'pharmacy' && row.pharmacy_id === claims.userId));
    if (!row || !mine) throw noSuchPrescription();
    return row;
  }

  /** A doctor's or a pharmacy's act on the patient's prescription, for the patient's access log. */
  function auditByOthers(
    trx: Executor,
    claims: AccessClaims,
    action: AuditAction,
    patientId: string,
    ip: string,
  ) {
    if (claims.role === 'patient') return Promise.resolve();
    return recordAudit(trx, { actorId: claims.userId, action, subjectId: patientId, ip }, clock());
  }

  /**
   * Inserts a new prescription (its code drawn here) under the patient's cap, with the patient's row
   * held, then `andThen` in the same transaction. A clash of codes is decided by the unique index,
   * not a read: the whole transaction is tried again with a new code.
   */
  async function writeNew(
    row: Omit<PrescriptionsTable, 'code' | `renewal_${string}` | 'renewed_as_id'>,
    andThen: (trx: Executor) => Promise<void>,
  ) {
    for (let attempt = 1; ; attempt++) {
      try {
        await db.kysely.transaction().execute(async (trx) => {
          await lockPerson(trx, db.dialect, row.patient_id);
          if (
            (await countActive(trx, row.patient_id, row.created_at)) >= MAX_ACTIVE_PRESCRIPTIONS
          ) {
            throw new AppError(
              409,
              'too_many_prescriptions',
              `This patient already has ${MAX_ACTIVE_PRESCRIPTIONS} active prescriptions, the most Tend keeps. Cancel one that is no longer needed to write another.`,
            );
          }
          await insertPrescription(trx, { ...row, code: newPrescriptionCode() });
          await andThen(trx);
        });
        return;
      } catch (error) {
        if (attempt >= CODE_TRIES || !violates(error, CODE_INDEX)) throw error;
      }
    }
  }

  /** The prescription as `claims` reads it now (after a change). */
  async function current(claims: AccessClaims, id: string): Promise<Prescription> {
    const row = await findPrescription(db.kysely, id);
    if (!row) throw noSuchPrescription();
    return (await withFills([row], claims.role))[0] as Prescription;
  }

  const fillSteps = createFillSteps({
    ...deps,
    reachable,
    current,
    writeNew,
    endOfDay,
    noSuchPrescription,
  });

  return {
    ...fillSteps,

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
      await writeNew(
        {
          id,
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
        },
        async (trx) => {
          await auditByOthers(trx, claims, 'prescription.written', body.patientId, ip);
          await announce(trx, {
            prescriptionId: id,
            patientId: body.patientId,
            doctorId: claims.userId,
            medication: body.medication.name,
            change: 'written',
          });
        },
      );
      return current(claims, id);
    },

    async list(
      claims: AccessClaims,
      query: {
        status?: PrescriptionStatus | undefined;
        patientId?: string | undefined;
        fill?: 'open' | undefined;
      },
      page: PageRequest,
      ip: string,
    ): Promise<PrescriptionList> {
      const now = clock().toISOString();
      const { status, patientId } = query;
      const openFill = query.fill === 'open';
      let filter;
      switch (claims.role) {
        case 'patient':
          if (patientId !== undefined && patientId !== claims.userId) throw noSuchPatient();
          filter = { patientId: claims.userId, status, openFill, now };
          break;
        case 'doctor':
          if (patientId !== undefined && !(await isLinked(patientId, claims.userId))) {
            throw noSuchPatient();
          }
          filter = { doctorId: claims.userId, patientId, status, openFill, now };
          break;
        case 'pharmacy':
          // Those sent to it; a pharmacy has no patients of its own to narrow the list to.
          if (patientId !== undefined) throw noSuchPatient();
          filter = { pharmacyId: claims.userId, status, openFill, now };
          break;
      }
      const { rows, nextCursor } = await listPrescriptions(db.kysely, filter, page);
      const shown = [...new Set(rows.map((r) => r.patient_id))];
      if (claims.role !== 'patient' && shown.length > 0) {
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
      await auditByOthers(db.kysely, claims, 'prescription.viewed', row.patient_id, ip);
      return (await withFills([row], claims.role))[0] as Prescription;
    },

    /** What the PDF prints; the caller renders it. A doctor's print is in the patient's log. */
    async forPrinting(claims: AccessClaims, id: string, ip: string): Promise<Prescription> {
      const row = await reachable(claims, id);
      await auditByOthers(db.kysely, claims, 'prescription.printed', row.patient_id, ip);
      return (await withFills([row], claims.role))[0] as Prescription;
    },

    /**
     * Its patient sends it to a pharmacy from the directory, asking for its first fill there, or
     * moves it (with that still-requested fill) to another while no fill of it is in hand; after a
     * refusal, sending asks for the refused fill again. The pharmacy is told. Sending it again to
     * the same pharmacy, with a fill already asked for there, changes nothing.
     */
    async send(claims: AccessClaims, id: string, pharmacyId: string) {
      const row = await reachable(claims, id);
      if (claims.role !== 'patient') throw noSuchPrescription();
      const now = clock();
      const refused = await whyNotSendable(db.kysely, row, now);
      if (refused) throw refused;
      if (!(await isListedPharmacy(pharmacyId))) throw noSuchPharmacy();
      await db.kysely.transaction().execute(async (trx) => {
        // Every change to its fills holds the patient's row: read and write below see one state.
        await lockPerson(trx, db.dialect, row.patient_id);
        const latestRow = await findPrescription(trx, id);
        const why = latestRow ? await whyNotSendable(trx, latestRow, now) : noSuchPrescription();
        if (why) throw why;
        const latest = await latestFill(trx, id);
        const asksForFill = latest === undefined || latest.status === 'refused';
        if (latestRow?.pharmacy_id === pharmacyId && !asksForFill) return;
        const iso = now.toISOString();
        if (!(await sendIfOpen(trx, id, pharmacyId, iso))) throw notSendable();
        if (latest === undefined) {
          await insertFill(trx, {
            id: newId(),
            prescription_id: id,
            number: 1,
            pharmacy_id: pharmacyId,
            status: 'requested',
            reason: null,
            dispensed_at: null,
            created_at: iso,
            updated_at: iso,
          });
        } else if (latest.status === 'refused') {
          await stepFill(trx, latest.id, ['refused'], 'requested', iso, {
            reason: null,
            pharmacy_id: pharmacyId,
          });
        } else {
          await moveRequestedFill(trx, id, pharmacyId, iso);
        }
        await announce(trx, {
          prescriptionId: id,
          patientId: row.patient_id,
          doctorId: row.doctor_id,
          medication: row.medication_name,
          change: 'sent',
          pharmacyId,
        });
      });
      return current(claims, id);
    },

    async cancel(claims: AccessClaims, id: string, reason: string, ip: string) {
      const row = await reachable(claims, id);
      if (claims.role !== 'doctor') throw noSuchPrescription();
      const now = clock();
      const refused = await whyNotCancellable(db.kysely, row, now);
      if (refused) throw refused;
      await db.kysely.transaction().execute(async (trx) => {
        // Held as a dispensing holds it: a cancel and a dispensing never both succeed.
        await lockPerson(trx, db.dialect, row.patient_id);
        if (!(await cancelIfOpen(trx, id, reason, now.toISOString()))) {
          // Changed since it was read (a dispense or another cancel won): say what it is now.
          const latestRow = await findPrescription(trx, id);
          throw (latestRow && (await whyNotCancellable(trx, latestRow, now))) ?? notCancellable();
        }
        await auditByOthers(trx, claims, 'prescription.cancelled', row.patient_id, ip);
        await announce(trx, {
          prescriptionId: id,
          patientId: row.patient_id,
          doctorId: row.doctor_id,
          medication: row.medication_name,
          change: 'cancelled',
          pharmacyId: row.pharmacy_id,
        });
      });
      return current(claims, id);
    },
  };

  async function whyNotSendable(
    executor: Executor,
    row: PrescriptionRow,
    now: Date,
  ): Promise<AppError | null> {
    const status = statusAt(row, now);
    if (status === 'cancelled') {
      return new AppError(
        409,
        'prescription_cancelled',
        'Your doctor cancelled this prescription, so it can no longer be sent to a pharmacy.',
      );
    }
    if (status === 'expired') {
      return new AppError(
        409,
        'prescription_expired',
        'This prescription has expired, so it can no longer be sent to a pharmacy. Ask your doctor for a new one.',
      );
    }
    if (status === 'completed') {
      return new AppError(
        409,
        'prescription_completed',
        'This prescription has been dispensed in full, so there is nothing left to send.',
      );
    }
    if (await hasFillIn(executor, row.id, ['preparing', 'ready'])) {
      return new AppError(
        409,
        'fill_in_progress',
        'The pharmacy is already preparing this prescription, so it cannot be moved now.',
      );
    }
    if ((await latestFill(executor, row.id))?.status === 'dispensed') {
      return new AppError(
        409,
        'already_dispensed',
        'This prescription was dispensed at the pharmacy you sent it to, so it stays there: ask that pharmacy for a refill instead.',
      );
    }
    return null;
  }

  async function whyNotCancellable(
    executor: Executor,
    row: PrescriptionRow,
    now: Date,
  ): Promise<AppError | null> {
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
    if (status === 'completed' || (await hasFillIn(executor, row.id, ['dispensed']))) {
      return new AppError(
        409,
        'already_dispensed',
        'A pharmacy has already dispensed this prescription, so it can no longer be cancelled.',
      );
    }
    return null;
  }
}

const notSendable = () =>
  new AppError(409, 'not_sendable', 'This prescription can no longer be sent to a pharmacy.');
const notCancellable = () =>
  new AppError(409, 'not_cancellable', 'This prescription can no longer be cancelled.');

export type PrescriptionService = ReturnType<typeof createPrescriptionService>;
