import type { z } from 'zod';
import type { cancelRequestSchema } from '@tend/shared';
import { useAppointmentChange } from './change-appointment';

/** POST /api/v1/appointments/{id}/cancel `{ reason }`: the slot is free again. */
export const useCancelAppointment = () =>
  useAppointmentChange<z.input<typeof cancelRequestSchema>>('cancel');
