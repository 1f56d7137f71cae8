import type { PaymentRequest } from '@tend/shared';
import { useAppointmentChange } from './change-appointment';

/** POST /api/v1/appointments/{id}/payment `{ amount, method }`: paid, with a receipt number. */
export const useRecordPayment = () => useAppointmentChange<PaymentRequest>('payment');
