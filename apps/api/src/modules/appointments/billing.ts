import type { z } from 'zod';
import { amountProblem, type Language, type paymentRequestSchema } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { visitOf, wrongStatus, type AppointmentContext } from './context.ts';
import { doctorTimeZone } from './availability-repo.ts';
import { nextReceiptNumber, transition } from './repo.ts';
import { renderReceipt } from './receipt-pdf.ts';
import { findVisit } from './view-repo.ts';

type PaymentRequest = z.output<typeof paymentRequestSchema>;

const receiptNumber = (n: number) => `R-${String(n).padStart(6, '0')}`;

/** Recording payment of a visit, and its numbered receipt. */
export function billingService({ db, clock, announce, currency }: AppointmentContext) {
  return {
    async pay(claims: AccessClaims, id: string, input: PaymentRequest): Promise<void> {
      const problem = amountProblem(input.amount, currency);
      if (problem) throw new AppError(400, 'invalid_input', problem, { amount: problem });
      const visit = await visitOf(db.kysely, claims, id, 'doctor');
      if (visit.paid_at !== null) {
        throw new AppError(
          409,
          'already_paid',
          `This appointment was already paid (receipt ${visit.receipt_number ?? ''}).`,
        );
      }
      if (visit.status !== 'accepted' && visit.status !== 'completed') {
        throw wrongStatus(
          `This appointment is ${visit.status}; only an accepted or completed one can be paid.`,
        );
      }
      const now = clock();
      await db.kysely.transaction().execute(async (trx) => {
        // Taken inside the transaction: a payment that fails gives its number back, so none is skipped.
        const number = receiptNumber(await nextReceiptNumber(trx));
        const paid = await transition(
          trx,
          id,
          ['accepted', 'completed'],
          {
            paid_at: now.toISOString(),
            paid_amount_cents: Math.round(input.amount * 100),
            payment_method: input.method,
            receipt_number: number,
            updated_at: now.toISOString(),
          },
          { unpaid: true },
        );
        if (!paid)
          throw wrongStatus('This appointment changed meanwhile; reload it and try again.');
        await announce(trx, {
          appointmentId: id,
          change: 'paid',
          patientId: visit.patient_id,
          doctorId: visit.doctor_id,
          by: 'doctor',
          start: visit.start_at,
        });
      });
    },

    /** The receipt's PDF, printed in `language` (the one the download asked for). */
    async receipt(
      claims: AccessClaims,
      id: string,
      language: Language,
    ): Promise<{ number: string; pdf: Buffer }> {
      await visitOf(db.kysely, claims, id);
      const visit = await findVisit(db.kysely, id);
      if (!visit) throw new AppError(404, 'not_found', 'There is no such appointment.');
      if (
        visit.paid_at === null ||
        visit.receipt_number === null ||
        visit.paid_amount_cents === null ||
        visit.payment_method === null
      ) {
        throw new AppError(
          409,
          'not_paid',
          'This appointment is not paid yet, so it has no receipt.',
        );
      }
      const pdf = await renderReceipt({
        number: visit.receipt_number,
        paidAt: visit.paid_at,
        amountCents: visit.paid_amount_cents,
        currency,
        method: visit.payment_method,
        visitStart: visit.start_at,
        visitType: visit.type,
        timeZone: await doctorTimeZone(db.kysely, visit.doctor_id),
        doctor: {
          name: `Dr. ${visit.doctor_firstname} ${visit.doctor_lastname}`,
          specialty: visit.doctor_specialty,
          location: visit.doctor_location,
        },
        patient: { name: `${visit.patient_firstname} ${visit.patient_lastname}` },
        language,
      });
      return { number: visit.receipt_number, pdf };
    },
  };
}
