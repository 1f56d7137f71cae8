import { Anchor, Text } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import { AppointmentCard } from './appointment-card';
import { dateTimeText, moneyText, patientName, timeText, TYPE_LABELS } from './appointment-format';
import type { AppointmentActions } from './use-appointment-actions';

type Props = { appointment: Appointment; timeZone: string; actions: AppointmentActions };

/** SPEC §2's appointment card: who, when, in person or online, how to reach them, and actions. */
export function DoctorAppointmentCard({ appointment: a, timeZone, actions }: Props) {
  const name = patientName(a.patient);
  const rows: [string, React.ReactNode][] = [
    ['When', `${dateTimeText(a.start, timeZone)} – ${timeText(a.end, timeZone)}`],
    ['Type', TYPE_LABELS[a.type]],
    ['Purpose', a.purpose],
    ['Email', <Anchor href={`mailto:${a.patient.email}`}>{a.patient.email}</Anchor>],
    [
      'Phone',
      a.patient.number ? (
        <Anchor href={`tel:${a.patient.number.replace(/[^0-9+]/g, '')}`}>{a.patient.number}</Anchor>
      ) : (
        <Text span inherit c="dimmed">
          Not given
        </Text>
      ),
    ],
    ['Paid', a.paid && a.paidamount !== null ? moneyText(a.paidamount) : 'Not paid'],
  ];
  return (
    <AppointmentCard
      headingOrder={2}
      facts={rows}
      appointment={a}
      timeZone={timeZone}
      viewer="doctor"
      actions={actions}
      name={name}
    />
  );
}
