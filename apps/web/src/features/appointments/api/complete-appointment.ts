import type { CompleteRequest } from '@tend/shared';
import { useAppointmentChange } from './change-appointment';

/** POST /api/v1/appointments/{id}/complete `{ followup?, notes? }`: the visit took place. */
export const useCompleteAppointment = () => useAppointmentChange<CompleteRequest>('complete');
