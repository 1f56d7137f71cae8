import { localDate, type Appointment } from '@tend/shared';
import { dateTimeFormat } from '../../../i18n/format';
import { fullName } from '../../../lib/me';
import { appointmentsText } from '../i18n';

// Dates, times and amounts in the page's language, read while rendering so a change shows.

/** "10:30 AM" in the viewer's time zone. */
export const timeText = (instant: string, timeZone: string) =>
  dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant));

/** "Thu, Nov 26" in the viewer's time zone. */
export const dayText = (instant: string, timeZone: string) =>
  dateTimeFormat({ weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(
    new Date(instant),
  );

/** A date-only value ("2026-11-26") as the language writes it: 11/26/2026 (SPEC §9), 26/11/2026. */
export const dateText = (date: string) =>
  dateTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The date and the time in the viewer's time zone: "11/26/2026, 10:30 AM". */
export const dateTimeText = (instant: string, timeZone: string) =>
  `${dateText(localDate(new Date(instant), timeZone))}, ${timeText(instant, timeZone)}`;

/** A date-only value (a follow-up), or null. */
export const dateOnlyText = (date: string | null) => (date ? dateText(date) : null);

export const doctorName = (doctor: Appointment['doctor']) =>
  appointmentsText('doctorName', { name: fullName(doctor) });
export const patientName = (patient: Appointment['patient']) => fullName(patient);

/** "Cancelled by the patient", by the doctor, or by the clinic when no one is named. */
export const cancelledByText = (a: Appointment) =>
  appointmentsText(`cancelledBy.${a.cancelledby ?? 'clinic'}`);

/** Whether the visit has not yet begun: only then may it be cancelled or moved. */
export const isAhead = (appointment: Appointment, now = Date.now()) =>
  Date.parse(appointment.start) > now;

export const isOpen = (appointment: Appointment) =>
  appointment.status === 'requested' || appointment.status === 'accepted';

/** The receipt's file name, numbered when the server gave a number. */
export const receiptFilename = (appointment: Appointment) =>
  `tend-receipt-${appointment.receiptnumber ?? appointment._id}.pdf`;
