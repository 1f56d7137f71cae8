import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockPerson } from '../../db/person-lock.ts';
import {
  current,
  newFill,
  noSuchPrescription,
  reachable,
  refusalFor,
  type PrescriptionContext,
} from './context.ts';
import { latestFill, moveRequestedFill, stepFill } from './fills-repo.ts';
import { findPrescription, hasFillIn, sendIfOpen, type PrescriptionRow } from './repo.ts';
import { statusAt } from './view.ts';

const noSuchPharmacy = () =>
  new AppError(404, 'not_found', 'There is no such pharmacy in the directory.', {
    pharmacyId: 'There is no such pharmacy in the directory.',
  });
const notSendable = () =>
  new AppError(409, 'not_sendable', 'This prescription can no longer be sent to a pharmacy.');

async function whyNotSendable(
  executor: Executor,
  row: PrescriptionRow,
  now: Date,
): Promise<AppError | null> {
  const refused = refusalFor(statusAt(row, now), {
    cancelled: [
      'prescription_cancelled',
      'Your doctor cancelled this prescription, so it can no longer be sent to a pharmacy.',
    ],
    expired: [
      'prescription_expired',
      'This prescription has expired, so it can no longer be sent to a pharmacy. Ask your doctor for a new one.',
    ],
    completed: [
      'prescription_completed',
      'This prescription has been dispensed in full, so there is nothing left to send.',
    ],
  });
  if (refused) return refused;
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

/** The patient's act: sending a prescription to a pharmacy (or moving it to another). */
export function sendingService(ctx: PrescriptionContext) {
  const { db, clock, announce, isListedPharmacy } = ctx;

  return {
    /**
     * Its patient sends it to a pharmacy from the directory, asking for its first fill there, or
     * moves it (with that still-requested fill) to another while no fill of it is in hand; after a
     * refusal, sending asks for the refused fill again. The pharmacy is told. Sending it again to
     * the same pharmacy, with a fill already asked for there, changes nothing.
     */
    async send(claims: AccessClaims, id: string, pharmacyId: string) {
      const row = await reachable(ctx, claims, id);
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
          await newFill(trx, { prescriptionId: id, pharmacyId, number: 1 }, iso);
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
          previousPharmacyId: latestRow?.pharmacy_id ?? null,
        });
      });
      return current(ctx, claims, id);
    },
  };
}
