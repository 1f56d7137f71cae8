import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import { FactList } from '../../../components/fact-list';
import { AppointmentCardFooter } from './appointment-card-footer';
import { dateTimeText, moneyText, patientName, timeText, TYPE_LABELS } from './appointment-format';
import { StatusBadge } from './status-badge';
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
    <Paper component="li" withBorder radius="lg" p="md">
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <StatusBadge status={a.status} />
      </Group>
      <FactList labelWidth={90} gap={4} mb="sm" facts={rows} />
      <AppointmentCardFooter
        appointment={a}
        timeZone={timeZone}
        viewer="doctor"
        actions={actions}
        name={name}
      />
    </Paper>
  );
}
