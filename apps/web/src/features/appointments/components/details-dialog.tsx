import { DataList, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  cancelledByText,
  dateOnlyText,
  dateTimeText,
  patientName,
  timeText,
} from './appointment-format';
import { moneyText } from '../../../i18n/format';
import type { AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { useAppointmentsT } from '../i18n';

/** View: everything the doctor knows about one visit. */
export function DetailsDialog({ appointment: a, timeZone, onClose }: AppointmentDialogProps) {
  const { t } = useAppointmentsT();
  const rows: [string, ReactNode][] = [
    [t('fields.patient'), patientName(a.patient)],
    [
      t('fields.when'),
      t('range', { start: dateTimeText(a.start, timeZone), end: timeText(a.end, timeZone) }),
    ],
    [t('fields.type'), t(`type.${a.type}`)],
    [t('fields.purpose'), a.purpose],
    [t('fields.status'), t(`status.${a.status}`)],
    [t('fields.email'), a.patient.email],
    [t('fields.phone'), a.patient.number ?? t('notGiven')],
    [t('fields.fee'), a.fee === null ? t('none') : moneyText(a.fee, a.currency)],
  ];
  if (a.paid && a.paidamount !== null) {
    const amount = moneyText(a.paidamount, a.currency);
    rows.push([
      t('fields.paid'),
      a.paymentmethod
        ? t('details.paidWith', { amount, method: t(`method.${a.paymentmethod}`) })
        : amount,
    ]);
  }
  if (a.receiptnumber) rows.push([t('fields.receipt'), a.receiptnumber]);
  if (a.followup) rows.push([t('fields.followUp'), dateOnlyText(a.followup)]);
  if (a.notes) rows.push([t('fields.note'), a.notes]);
  if (a.cancelreason) rows.push([cancelledByText(a), a.cancelreason]);
  return (
    <FormDialog
      opened
      title={t('details.title')}
      error={null}
      pending={false}
      submitLabel=""
      onSubmit={null}
      onClose={onClose}
    >
      <DataList labelWidth={110} gap={6}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
              <Text span inherit>
                {value}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </FormDialog>
  );
}
