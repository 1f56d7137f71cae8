import type { z } from 'zod';
import {
  MAX_UPCOMING_APPOINTMENTS,
  type bookingRequestSchema,
  type rescheduleRequestSchema,
} from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { findAvailability } from './availability-repo.ts';
import { conflictOn } from '../../lib/unique-violation.ts';
import { LIVE_SLOT_INDEX, visitOf, wrongStatus, type AppointmentContext } from './context.ts';
import {
  countUpcoming,
  findBookableDoctor,
  insertAppointment,
  liveBookings,
  transition,
  LIVE_STATUSES,
} from './repo.ts';
import { isoOf, offeredSlots, type Interval } from './slots.ts';

type BookingRequest = z.output<typeof bookingRequestSchema>;
type RescheduleRequest = z.output<typeof rescheduleRequestSchema>;

const notASlot = () =>
  new AppError(400, 'not_a_slot', 'That time is not one of the offered slots. Choose another.', {
    start: 'Choose one of the offered times.',
  });

const slotTaken = () =>
  new AppError(
    409,
    'slot_taken',
    'Someone else has just booked that time. Choose another of the free slots.',
    { start: 'This time is no longer free.' },
  );

/** Booking and moving visits. Whoever writes first gets a slot; the unique index tells the rest. */
export function bookingService({ db, clock, announce }: AppointmentContext) {
  /** The offered slot that starts exactly at `start`, still in the future, else 400. */
  async function offeredSlotAt(doctorId: string, start: string): Promise<Interval> {
    const startMs = Date.parse(start);
    if (startMs <= clock().getTime()) throw notASlot();
    const hours = await findAvailability(db.kysely, doctorId);
    const slot = hours ? offeredSlots(hours, startMs, startMs + 1).next() : undefined;
    if (!slot || slot.done) throw notASlot();
    return slot.value;
  }

  async function ensureFree(doctorId: string, slot: Interval, exceptId?: string) {
    const clashes = await liveBookings(db.kysely, [doctorId], isoOf(slot.start), isoOf(slot.end));
    if (clashes.some((b) => b.id !== exceptId)) throw slotTaken();
  }

  return {
    async book(patientId: string, input: BookingRequest): Promise<string> {
      const doctor = await findBookableDoctor(db.kysely, input.doctorId);
      if (!doctor) {
        throw new AppError(404, 'not_found', 'There is no such doctor.', {
          doctorId: 'There is no such doctor.',
        });
      }
      const slot = await offeredSlotAt(doctor.id, input.start);
      await ensureFree(doctor.id, slot);
      const now = clock();
      if (
        (await countUpcoming(db.kysely, patientId, now.toISOString())) >= MAX_UPCOMING_APPOINTMENTS
      ) {
        throw new AppError(
          409,
          'too_many_appointments',
          `You already have ${MAX_UPCOMING_APPOINTMENTS} upcoming appointments. Cancel one before booking another.`,
        );
      }
      const id = newId();
      await conflictOn(
        db.kysely.transaction().execute(async (trx) => {
          await insertAppointment(trx, {
            id,
            patient_id: patientId,
            doctor_id: doctor.id,
            start_at: isoOf(slot.start),
            end_at: isoOf(slot.end),
            type: input.type,
            purpose: input.purpose,
            fee_cents: doctor.consultation_fee_cents,
            created_at: now.toISOString(),
          });
          await announce(trx, {
            appointmentId: id,
            change: 'booked',
            patientId,
            doctorId: doctor.id,
            by: 'patient',
            start: isoOf(slot.start),
          });
        }),
        LIVE_SLOT_INDEX,
        slotTaken,
      );
      return id;
    },

    /** The patient moves a visit that has not started to another free slot; it waits for the doctor again. */
    async reschedule(claims: AccessClaims, id: string, input: RescheduleRequest): Promise<void> {
      const visit = await visitOf(db.kysely, claims, id, 'patient');
      if (!(LIVE_STATUSES as readonly string[]).includes(visit.status)) {
        throw wrongStatus(`This appointment is ${visit.status}; it can no longer be moved.`);
      }
      if (visit.paid_at !== null)
        throw wrongStatus('This appointment is paid; it cannot be moved.');
      const now = clock();
      if (Date.parse(visit.start_at) <= now.getTime()) {
        throw wrongStatus('This appointment has already started; it cannot be moved.');
      }
      const slot = await offeredSlotAt(visit.doctor_id, input.start);
      if (isoOf(slot.start) === visit.start_at) {
        throw new AppError(400, 'same_slot', 'Your appointment is already at that time.', {
          start: 'Choose a different time.',
        });
      }
      await ensureFree(visit.doctor_id, slot, visit.id);
      const moved = await conflictOn(
        db.kysely.transaction().execute(async (trx) => {
          const done = await transition(
            trx,
            visit.id,
            LIVE_STATUSES,
            {
              start_at: isoOf(slot.start),
              end_at: isoOf(slot.end),
              status: 'requested',
              updated_at: now.toISOString(),
            },
            { unpaid: true },
          );
          if (done) {
            await announce(trx, {
              appointmentId: visit.id,
              change: 'rescheduled',
              patientId: visit.patient_id,
              doctorId: visit.doctor_id,
              by: 'patient',
              start: isoOf(slot.start),
            });
          }
          return done;
        }),
        LIVE_SLOT_INDEX,
        slotTaken,
      );
      if (!moved) throw wrongStatus('This appointment changed meanwhile; reload it and try again.');
    },
  };
}
