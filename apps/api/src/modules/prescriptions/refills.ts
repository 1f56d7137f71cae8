import { fillName, type RefillResult } from '@tend/shared';
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
import { FILL_WORDS, isOpen } from './fills.ts';
import { latestFill, requestRenewal, stepFill } from './fills-repo.ts';
import { findPrescription } from './repo.ts';
import { statusAt } from './view.ts';

/** The patient's part of the fill workflow (fills.ts): the next fill, or a renewal once none is left. */
export function refillService(ctx: PrescriptionContext) {
  const { db, clock, announce } = ctx;

  return {
    /**
     * Its patient asks for the next fill at the same pharmacy while refills are left (or for a
     * refused one again); with none left, for a renewal by the doctor. The answer says which.
     */
    async refill(claims: AccessClaims, id: string): Promise<RefillResult> {
      const row = await reachable(ctx, claims, id);
      if (claims.role !== 'patient') throw noSuchPrescription();
      const now = clock();
      const iso = now.toISOString();
      let outcome: RefillResult['outcome'] = 'refill_requested';
      await db.kysely.transaction().execute(async (trx) => {
        await lockPerson(trx, db.dialect, row.patient_id);
        const prescription = await findPrescription(trx, id);
        if (!prescription) throw noSuchPrescription();
        const status = statusAt(prescription, now);
        const refused = refusalFor(status, {
          cancelled: [
            'prescription_cancelled',
            'Your doctor cancelled this prescription, so it cannot be refilled.',
          ],
          expired: [
            'prescription_expired',
            'This prescription has expired, so it cannot be refilled. Ask your doctor for a new one.',
          ],
        });
        if (refused) throw refused;
        const notice = {
          prescriptionId: id,
          patientId: prescription.patient_id,
          doctorId: prescription.doctor_id,
          medication: prescription.medication_name,
        };
        if (status === 'completed') {
          if (prescription.renewed_as_id !== null) {
            throw new AppError(
              409,
              'already_renewed',
              'Your doctor already renewed this prescription: ask for refills of the new one.',
            );
          }
          if (!(await requestRenewal(trx, id, iso))) {
            throw new AppError(
              409,
              'renewal_pending',
              'You already asked your doctor to renew this prescription; they have not answered yet.',
            );
          }
          outcome = 'renewal_requested';
          await announce(trx, { ...notice, change: 'renewal_requested' });
          return;
        }
        const fill = await latestFill(trx, id);
        if (!fill) {
          throw new AppError(
            409,
            'not_sent',
            'Send this prescription to a pharmacy first: sending it asks for its first fill.',
          );
        }
        if (isOpen(fill.status)) {
          throw new AppError(
            409,
            'fill_open',
            `${fillName(fill.number, prescription.refills, 'en')} of this prescription is ${FILL_WORDS[fill.status]} at the pharmacy: wait until it is dispensed before asking for a refill.`,
          );
        }
        if (prescription.pharmacy_id === null) {
          throw new AppError(
            409,
            'pharmacy_gone',
            'The pharmacy that filled this prescription has left Tend, so a refill cannot be asked of it.',
          );
        }
        if (fill.status === 'refused') {
          await stepFill(trx, fill.id, ['refused'], 'requested', iso, {
            reason: null,
            pharmacy_id: prescription.pharmacy_id,
          });
        } else {
          // Dispensed, and (the prescription being active) fills are left: the next one.
          await newFill(
            trx,
            { prescriptionId: id, pharmacyId: prescription.pharmacy_id, number: fill.number + 1 },
            iso,
          );
        }
        await announce(trx, {
          ...notice,
          change: 'refill_requested',
          pharmacyId: prescription.pharmacy_id,
          fill: {
            number: fill.status === 'refused' ? fill.number : fill.number + 1,
            refills: prescription.refills,
          },
        });
      });
      return { outcome, prescription: await current(ctx, claims, id) };
    },
  };
}
