import type { ReviewRequest } from '@tend/shared';
import { useAppointmentChange } from './change-appointment';

/** POST /api/v1/appointments/{id}/review `{ rating, recommend, comment }`: once per visit. */
export const useReviewAppointment = () => useAppointmentChange<ReviewRequest>('review');
