import type { AppointmentChange } from '@tend/shared';

/**
 * A change to a visit, as the appointments module announces it inside the change's transaction (the
 * other person is told, its reminders re-planned): the one shape both sides of that port speak.
 */
export interface VisitChange {
  appointmentId: string;
  change: AppointmentChange;
  patientId: string;
  doctorId: string;
  /** Who acted; the other one is told. */
  by: 'patient' | 'doctor';
  start: string;
}
