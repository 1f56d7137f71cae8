import { useAppointmentChange } from './change-appointment';

/** POST /api/v1/appointments/{id}/accept: requested → accepted; the care link is made. */
export const useAcceptAppointment = () => useAppointmentChange('accept');
