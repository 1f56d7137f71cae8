import { Group, Table, Text, Title } from '@mantine/core';
import type { Appointment } from '@tend/shared';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/fact-list';
import { ResponsiveTable, RowHeading } from '../../../components/responsive-table';
import { ActionButtons, type ActionId } from './action-buttons';
import { dateTimeText, patientName } from './appointment-format';
import { moneyText } from '../../../i18n/format';
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
  a.paid && a.paidamount !== null
    ? moneyText(a.paidamount, a.currency)
    : appointmentsText('notPaid');

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

/** SPEC §2's doctor table where there is room, one card per visit where there is not. */
export function DoctorAppointmentTable({ appointments, timeZone, actions, caption }: Props) {
  const { t } = useAppointmentsT();
  return (
    <ResponsiveTable
      rows={appointments}
      rowKey={(a) => a._id}
      minWidth={760}
      caption={caption}
      cardGap="sm"
      headings={[
        t('doctorTable.patientName'),
        t('doctorTable.appDate'),
        t('doctorTable.purpose'),
        t('doctorTable.type'),
        t('doctorTable.paidAmount'),
        t('doctorTable.action'),
      ]}
      cells={(a) => (
        <>
          <RowHeading>{patientName(a.patient)}</RowHeading>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeText(a.start, timeZone)}</Table.Td>
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
        </>
      )}
      card={(a) => (
        <>
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
        </>
      )}
    />
  );
}
