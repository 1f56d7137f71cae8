import type { Appointment, AppointmentParticipant, Patient, Reference } from '@medplum/fhirtypes';
import type { Practitioners } from './people.ts';
import type { AppointmentRow } from './repo.ts';

/** Requested waits for the doctor (pending); accepted is booked; completed is fulfilled. */
const STATUS = {
  requested: 'pending',
  accepted: 'booked',
  completed: 'fulfilled',
  cancelled: 'cancelled',
} as const;

const DOCTOR_ANSWER: Record<AppointmentRow['status'], AppointmentParticipant['status']> = {
  requested: 'needs-action',
  accepted: 'accepted',
  completed: 'accepted',
  cancelled: 'declined',
};

/** A visit booked with a doctor; the doctor's private notes of a completed visit stay out. */
export function toAppointment(
  a: AppointmentRow,
  patient: Reference<Patient>,
  practitioners: Practitioners,
): Appointment {
  return {
    resourceType: 'Appointment',
    id: a.id,
    status: STATUS[a.status],
    ...(a.status === 'cancelled'
      ? { cancelationReason: { text: a.cancel_reason ?? 'No reason given' } }
      : {}),
    appointmentType: { text: a.type === 'online' ? 'Online consultation' : 'In-person visit' },
    description: a.purpose,
    start: a.start_at,
    end: a.end_at,
    created: a.created_at,
    ...(a.followup ? { comment: `Follow-up: ${a.followup}` } : {}),
    participant: [
      { actor: patient, required: 'required', status: 'accepted' },
      {
        actor: practitioners.reference(a.doctor_id, a.doctor_firstname, a.doctor_lastname),
        required: 'required',
        status: DOCTOR_ANSWER[a.status],
      },
    ],
  };
}
