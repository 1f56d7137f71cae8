import { DataList, Table } from '@mantine/core';
import { localDate, type Appointment } from '@tend/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { CardTitle, ResponsiveTable, RowHeading } from '../../../components/responsive-table';
import { useAppointments } from '../api/list-appointments';
import { ActionButtons } from './action-buttons';
import { dateOnlyText, dateText, dateTimeText, doctorName } from './appointment-format';
import { moneyText } from '../../../i18n/format';
import { AppointmentListState } from './appointment-list-state';
import { StatusBadge } from './status-badge';
import type { AppointmentActions } from './use-appointment-actions';
import { useAppointmentsT } from '../i18n';

type Props = { timeZone: string; actions: AppointmentActions };

function amountText(a: Appointment, t: TFunction): string {
  if (a.paid && a.paidamount !== null) {
    return t('billing.paid', { amount: moneyText(a.paidamount, a.currency) });
  }
  return a.fee === null
    ? t('billing.noFee')
    : t('billing.due', { amount: moneyText(a.fee, a.currency) });
}

/** SPEC §2's columns, in order, for one appointment. */
function columns(a: Appointment, timeZone: string, actions: AppointmentActions, t: TFunction) {
  const name = doctorName(a.doctor);
  return [
    [t('billing.apptDate'), dateTimeText(a.start, timeZone)],
    [t('billing.bookingDate'), dateText(localDate(new Date(a.createdAt), timeZone))],
    [t('billing.amount'), amountText(a, t)],
    [t('billing.followUp'), dateOnlyText(a.followup) ?? t('none')],
    [t('billing.status'), <StatusBadge status={a.status} />],
    [
      t('billing.action'),
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
  const { t } = useAppointmentsT();
  const list = useAppointments({});
  const appointments = list.data ?? [];
  return (
    <AppointmentListState
      list={list}
      what={t('list.yourBilling')}
      empty={t('billing.empty')}
      shown={appointments.length}
    >
      <ResponsiveTable
        rows={appointments}
        rowKey={(a) => a._id}
        minWidth={820}
        cardGap="sm"
        headings={[
          t('billing.doctor'),
          t('billing.apptDate'),
          t('billing.bookingDate'),
          t('billing.amount'),
          t('billing.followUp'),
          t('billing.status'),
          t('billing.action'),
        ].map((label) => ({ label, nowrap: true }))}
        cells={(a) => (
          <>
            <RowHeading>{doctorName(a.doctor)}</RowHeading>
            {columns(a, timeZone, actions, t).map(([label, value]) => (
              <Table.Td key={label}>{value}</Table.Td>
            ))}
          </>
        )}
        card={(a) => (
          <>
            <CardTitle order={3} size="h5">
              {doctorName(a.doctor)}
            </CardTitle>
            <DataList labelWidth={110} gap={4}>
              {columns(a, timeZone, actions, t).map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList>
          </>
        )}
      />
    </AppointmentListState>
  );
}
