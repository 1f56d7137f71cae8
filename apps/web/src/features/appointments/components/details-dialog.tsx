import { DataList, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  dateOnlyText,
  dateTimeText,
  METHOD_LABELS,
  moneyText,
  patientName,
  STATUS_LABELS,
  timeText,
  TYPE_LABELS,
} from './appointment-format';
import type { AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';

/** View: everything the doctor knows about one visit. */
export function DetailsDialog({ appointment: a, timeZone, onClose }: AppointmentDialogProps) {
  const rows: [string, ReactNode][] = [
    ['Patient', patientName(a.patient)],
    ['When', `${dateTimeText(a.start, timeZone)} – ${timeText(a.end, timeZone)}`],
    ['Type', TYPE_LABELS[a.type]],
    ['Purpose', a.purpose],
    ['Status', STATUS_LABELS[a.status]],
    ['Email', a.patient.email],
    ['Phone', a.patient.number ?? 'Not given'],
    ['Fee', a.fee === null ? 'None' : moneyText(a.fee)],
  ];
  if (a.paid && a.paidamount !== null) {
    const method = a.paymentmethod ? `, ${METHOD_LABELS[a.paymentmethod]}` : '';
    rows.push(['Paid', `${moneyText(a.paidamount)}${method}`]);
  }
  if (a.receiptnumber) rows.push(['Receipt', a.receiptnumber]);
  if (a.followup) rows.push(['Follow-up', dateOnlyText(a.followup)]);
  if (a.notes) rows.push(['Note', a.notes]);
  if (a.cancelreason) {
    rows.push([`Cancelled by the ${a.cancelledby ?? 'clinic'}`, a.cancelreason]);
  }
  return (
    <FormDialog
      opened
      title="Appointment"
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
