import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/fact-list';
import { ActionButtons, type ActionId } from './action-buttons';
import { dateTimeText, moneyText, patientName } from './appointment-format';
import { appointmentsText, useAppointmentsT } from '../i18n';
import { StatusBadge } from './status-badge';
import type { AppointmentActions } from './use-appointment-actions';
import { VisitJoin } from './visit-join';

type Props = {
  appointments: Appointment[];
  timeZone: string;
  actions: AppointmentActions;
  caption: string;
};

// SPEC §2's dashboard table keeps to these three, and Join visit while an online visit's room is open.
const TABLE_ACTIONS: readonly ActionId[] = ['view', 'accept', 'cancel'];

const paidText = (a: Appointment) =>
  a.paid && a.paidamount !== null ? moneyText(a.paidamount) : appointmentsText('notPaid');

const about = (a: Appointment, timeZone: string) =>
  `${patientName(a.patient)}, ${dateTimeText(a.start, timeZone)}`;

type RowActionsProps = Pick<Props, 'timeZone' | 'actions'> & {
  appointment: Appointment;
  /** Shown before the buttons (the table's status badge). */
  children?: ReactNode;
};

/** Join visit while the room is open, then View, Accept and Cancel as they apply. */
function RowActions({ appointment: a, timeZone, actions, children }: RowActionsProps) {
  return (
    <Group gap={6}>
      {children}
      <VisitJoin appointment={a} timeZone={timeZone} about={about(a, timeZone)} inRow />
      <ActionButtons
        appointment={a}
        viewer="doctor"
        actions={actions}
        about={about(a, timeZone)}
        only={TABLE_ACTIONS}
      />
    </Group>
  );
}

function WideTable({ appointments, timeZone, actions, caption }: Props) {
  const { t } = useAppointmentsT();
  return (
    <Paper withBorder radius="lg" visibleFrom="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }} px="md" fw={600}>
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('doctorTable.patientName')}</Table.Th>
              <Table.Th scope="col">{t('doctorTable.appDate')}</Table.Th>
              <Table.Th scope="col">{t('doctorTable.purpose')}</Table.Th>
              <Table.Th scope="col">{t('doctorTable.type')}</Table.Th>
              <Table.Th scope="col">{t('doctorTable.paidAmount')}</Table.Th>
              <Table.Th scope="col">{t('doctorTable.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {appointments.map((a) => (
              <Table.Tr key={a._id}>
                <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {patientName(a.patient)}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dateTimeText(a.start, timeZone)}
                </Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {a.purpose}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`type.${a.type}`)}</Table.Td>
                <Table.Td>{paidText(a)}</Table.Td>
                <Table.Td>
                  <RowActions appointment={a} timeZone={timeZone} actions={actions}>
                    <StatusBadge status={a.status} />
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Cards({ appointments, timeZone, actions }: Props) {
  const { t } = useAppointmentsT();
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="md" style={{ listStyle: 'none' }}>
      {appointments.map((a) => (
        <Paper key={a._id} component="li" withBorder radius="lg" p="md">
          <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {patientName(a.patient)}
            </Title>
            <StatusBadge status={a.status} />
          </Group>
          <FactList
            labelWidth={110}
            gap={4}
            mb="sm"
            facts={[
              [t('doctorTable.appDate'), dateTimeText(a.start, timeZone)],
              [t('doctorTable.purpose'), a.purpose],
              [t('doctorTable.type'), t(`type.${a.type}`)],
              [t('doctorTable.paidAmount'), paidText(a)],
            ]}
          />
          <RowActions appointment={a} timeZone={timeZone} actions={actions} />
        </Paper>
      ))}
    </Stack>
  );
}

/** SPEC §2's doctor table where there is room, one card per visit where there is not. */
export function DoctorAppointmentTable(props: Props) {
  return (
    <>
      <WideTable {...props} />
      <Cards {...props} />
    </>
  );
}
