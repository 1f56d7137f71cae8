import { Anchor, Text } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import { AppointmentCard } from './appointment-card';
import { dateTimeText, patientName, timeText } from './appointment-format';
import { moneyText } from '../../../i18n/format';
import type { AppointmentActions } from './use-appointment-actions';
import { useAppointmentsT } from '../i18n';

type Props = { appointment: Appointment; timeZone: string; actions: AppointmentActions };

/** SPEC §2's appointment card: who, when, in person or online, how to reach them, and actions. */
export function DoctorAppointmentCard({ appointment: a, timeZone, actions }: Props) {
  const { t } = useAppointmentsT();
  const name = patientName(a.patient);
  const rows: [string, React.ReactNode][] = [
    [
      t('fields.when'),
      t('range', { start: dateTimeText(a.start, timeZone), end: timeText(a.end, timeZone) }),
    ],
    [t('fields.type'), t(`type.${a.type}`)],
    [t('fields.purpose'), a.purpose],
    [t('fields.email'), <Anchor href={`mailto:${a.patient.email}`}>{a.patient.email}</Anchor>],
    [
      t('fields.phone'),
      a.patient.number ? (
        <Anchor href={`tel:${a.patient.number.replace(/[^0-9+]/g, '')}`}>{a.patient.number}</Anchor>
      ) : (
        <Text span inherit c="dimmed">
          {t('notGiven')}
        </Text>
      ),
    ],
    [
      t('fields.paid'),
      a.paid && a.paidamount !== null ? moneyText(a.paidamount, a.currency) : t('notPaid'),
    ],
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
