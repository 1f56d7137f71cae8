import { DataList, Paper, Stack, Table, Title } from '@mantine/core';
import { formatUsDate, localDate, type Appointment } from '@tend/shared';
import type { ReactNode } from 'react';
import { useAppointments } from '../api/list-appointments';
import { ActionButtons } from './action-buttons';
import { dateOnlyText, dateTimeText, doctorName, moneyText } from './appointment-format';
import { AppointmentListState } from './appointment-list-state';
import { StatusBadge } from './status-badge';
import type { AppointmentActions } from './use-appointment-actions';

type Props = { timeZone: string; actions: AppointmentActions };

function amountText(a: Appointment): string {
  if (a.paid && a.paidamount !== null) return `${moneyText(a.paidamount)} paid`;
  return a.fee === null ? 'No fee' : `${moneyText(a.fee)} due`;
}

/** SPEC §2's columns, in order, for one appointment. */
function columns(a: Appointment, timeZone: string, actions: AppointmentActions) {
  const name = doctorName(a.doctor);
  return [
    ['Appt Date', dateTimeText(a.start, timeZone)],
    ['Booking Date', formatUsDate(localDate(new Date(a.createdAt), timeZone))],
    ['Amount', amountText(a)],
    ['Follow up', dateOnlyText(a.followup) ?? 'None'],
    ['Status', <StatusBadge status={a.status} />],
    [
      'Action',
      <ActionButtons
        appointment={a}
        viewer="patient"
        actions={actions}
        about={`${name}, ${dateTimeText(a.start, timeZone)}`}
      />,
    ],
  ] as [string, ReactNode][];
}

/** The Billing tab: every visit, latest first, with what it cost and its receipt. */
export function BillingTable({ timeZone, actions }: Props) {
  const list = useAppointments({});
  const appointments = list.data ?? [];
  return (
    <AppointmentListState
      list={list}
      what="your billing"
      empty="No visits yet: each one you book is listed here with its fee and receipt."
      shown={appointments.length}
    >
      <Paper withBorder radius="lg" visibleFrom="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={820} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                {[
                  'Doctor',
                  'Appt Date',
                  'Booking Date',
                  'Amount',
                  'Follow up',
                  'Status',
                  'Action',
                ].map((label) => (
                  <Table.Th scope="col" key={label} style={{ whiteSpace: 'nowrap' }}>
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {appointments.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {doctorName(a.doctor)}
                  </Table.Th>
                  {columns(a, timeZone, actions).map(([label, value]) => (
                    <Table.Td key={label}>{value}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="md" style={{ listStyle: 'none' }}>
        {appointments.map((a) => (
          <Paper key={a._id} component="li" withBorder radius="lg" p="md">
            <Title order={3} size="h5" mb="xs" style={{ overflowWrap: 'anywhere' }}>
              {doctorName(a.doctor)}
            </Title>
            <DataList labelWidth={110} gap={4}>
              {columns(a, timeZone, actions).map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList>
          </Paper>
        ))}
      </Stack>
    </AppointmentListState>
  );
}
