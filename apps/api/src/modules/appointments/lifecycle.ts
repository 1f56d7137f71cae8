import type { z } from 'zod';
import type { AppointmentChange, cancelRequestSchema, completeRequestSchema } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { visitOf, wrongStatus, type AppointmentContext } from './context.ts';
import { doctorTimeZone } from './availability-repo.ts';
import { transition, LIVE_STATUSES, type AppointmentRow } from './repo.ts';
import { dayIn } from './slots.ts';
import { careSideOf } from '../../lib/care-side.ts';

type CompleteRequest = z.output<typeof completeRequestSchema>;
type CancelRequest = z.output<typeof cancelRequestSchema>;

const changedMeanwhile = () =>
  wrongStatus('This appointment changed meanwhile; reload it and try again.');

/** The care module words its caps for a patient who shares; here the doctor is the one acting. */
function inDoctorsWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'too_many_care_links') {
    return new AppError(
      409,
      error.code,
      'This patient already shares with as many doctors as Tend allows, so the visit cannot be accepted until they stop sharing with one.',
    );
  }
  if (error.code === 'doctor_full') {
    return new AppError(
      409,
      error.code,
      'You already follow as many patients as Tend allows; end a care link before accepting a new patient.',
    );
  }
  return error;
}

/** requested → accepted → completed, and requested | accepted → cancelled. */
export function lifecycleService({ db, clock, linkOnAccept, announce }: AppointmentContext) {
  const told = (visit: AppointmentRow, change: AppointmentChange, by: 'patient' | 'doctor') => ({
    appointmentId: visit.id,
    change,
    patientId: visit.patient_id,
    doctorId: visit.doctor_id,
    by,
    start: visit.start_at,
  });

  return {
    /** The doctor takes the visit; from now on they may follow the patient's medications. */
    async accept(claims: AccessClaims, id: string, ip: string): Promise<void> {
      const visit = await visitOf(db.kysely, claims, id, 'doctor');
      if (visit.status !== 'requested') {
        throw wrongStatus(
          `This appointment is ${visit.status}; only a requested one can be accepted.`,
        );
      }
      const now = clock();
      if (Date.parse(visit.start_at) <= now.getTime()) {
        throw wrongStatus('The time of this appointment has passed; it can no longer be accepted.');
      }
      try {
        await db.kysely.transaction().execute(async (trx) => {
          const accepted = await transition(trx, id, ['requested'], {
            status: 'accepted',
            updated_at: now.toISOString(),
          });
          if (!accepted) throw changedMeanwhile();
          await linkOnAccept(
            trx,
            { patientId: visit.patient_id, doctorId: visit.doctor_id, ip },
            now,
          );
          await announce(trx, told(visit, 'accepted', 'doctor'));
        });
      } catch (error) {
        throw inDoctorsWords(error);
      }
    },

    /** Either person calls a visit off with a reason; its slot is free again at once. */
    async cancel(claims: AccessClaims, id: string, input: CancelRequest): Promise<void> {
      const visit = await visitOf(db.kysely, claims, id);
      if (!(LIVE_STATUSES as readonly string[]).includes(visit.status)) {
        throw wrongStatus(`This appointment is ${visit.status}; it can no longer be cancelled.`);
      }
      if (visit.paid_at !== null) {
        throw wrongStatus('This appointment is paid; it can no longer be cancelled.');
      }
      const now = clock();
      const cancelled = await db.kysely.transaction().execute(async (trx) => {
        const done = await transition(
          trx,
          id,
          LIVE_STATUSES,
          {
            status: 'cancelled',
            cancelled_by: careSideOf(claims.role),
            cancel_reason: input.reason,
            updated_at: now.toISOString(),
          },
          { unpaid: true },
        );
        if (done) await announce(trx, told(visit, 'cancelled', careSideOf(claims.role)));
        return done;
      });
      if (!cancelled) throw changedMeanwhile();
    },

    /** The doctor closes an accepted visit once it has started, with an optional follow-up date and note. */
    async complete(claims: AccessClaims, id: string, input: CompleteRequest): Promise<void> {
      const visit = await visitOf(db.kysely, claims, id, 'doctor');
      if (visit.status !== 'accepted') {
        throw wrongStatus(
          `This appointment is ${visit.status}; only an accepted one can be completed.`,
        );
      }
      const now = clock();
      if (Date.parse(visit.start_at) > now.getTime()) {
        throw wrongStatus('This appointment has not started yet; complete it once it has.');
      }
      const visitDay = dayIn(
        Date.parse(visit.start_at),
        await doctorTimeZone(db.kysely, visit.doctor_id),
      );
      if (input.followup && input.followup <= visitDay) {
        throw new AppError(400, 'invalid_input', 'The follow-up must be after the visit.', {
          followup: `Choose a day after ${visitDay}.`,
        });
      }
      const completed = await db.kysely.transaction().execute(async (trx) => {
        const done = await transition(trx, id, ['accepted'], {
          status: 'completed',
          followup: input.followup ?? null,
          notes: input.notes ?? null,
          updated_at: now.toISOString(),
        });
        if (done) await announce(trx, told(visit, 'completed', 'doctor'));
        return done;
      });
      if (!completed) throw changedMeanwhile();
    },
  };
}
