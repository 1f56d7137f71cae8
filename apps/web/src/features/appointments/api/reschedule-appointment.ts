import type { z } from 'zod';
import type { rescheduleRequestSchema } from '@tend/shared';
import { useAppointmentChange } from './change-appointment';

/** POST /api/v1/appointments/{id}/reschedule `{ start }`: another free slot, requested again. */
export const useRescheduleAppointment = () =>
  useAppointmentChange<z.input<typeof rescheduleRequestSchema>>('reschedule');
