import {
  formatUsDate,
  localDate,
  type Appointment,
  type AppointmentStatus,
  type AppointmentType,
  type PaymentMethod,
} from '@tend/shared';
import { fullName } from '../../../lib/me';

export const TYPE_LABELS: Record<AppointmentType, string> = {
  in_person: 'In person',
  online: 'Online',
};

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  insurance: 'Insurance',
  other: 'Other',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** "10:30 AM" in the viewer's time zone. */
export const timeText = (instant: string, timeZone: string) =>
  formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));

/** "Thu, Nov 26" in the viewer's time zone. */
export const dayText = (instant: string, timeZone: string) =>
  formatter(timeZone, { weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(instant),
  );

/** MM/dd/yyyy (SPEC §9) and the time: "11/26/2026, 10:30 AM". */
export const dateTimeText = (instant: string, timeZone: string) =>
  `${formatUsDate(localDate(new Date(instant), timeZone))}, ${timeText(instant, timeZone)}`;

/** A date-only value (a follow-up) as MM/dd/yyyy. */
export const dateOnlyText = (date: string | null) => (date ? formatUsDate(date) : null);

export const moneyText = (amount: number) => amount.toFixed(2);

export const doctorName = (doctor: Appointment['doctor']) => `Dr. ${fullName(doctor)}`;
export const patientName = (patient: Appointment['patient']) => fullName(patient);

/** Whether the visit has not yet begun: only then may it be cancelled or moved. */
export const isAhead = (appointment: Appointment, now = Date.now()) =>
  Date.parse(appointment.start) > now;

export const isOpen = (appointment: Appointment) =>
  appointment.status === 'requested' || appointment.status === 'accepted';

/** The receipt's file name, numbered when the server gave a number. */
export const receiptFilename = (appointment: Appointment) =>
  `tend-receipt-${appointment.receiptnumber ?? appointment._id}.pdf`;
