import { Text, Textarea } from '@mantine/core';
import { completeRequestSchema, localDate } from '@tend/shared';
import { useState } from 'react';
import { useCompleteAppointment } from '../api/complete-appointment';
import { dateTimeText, patientName } from './appointment-format';
import { useChangeDialog, type AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { useAppointmentsT } from '../i18n';
import { DateField } from '../../../components/date-time-fields';

/** The doctor marks a visit as done, with an optional follow-up date and note. */
export function CompleteDialog(props: AppointmentDialogProps) {
  const { appointment, timeZone } = props;
  const [followup, setFollowup] = useState('');
  const [notes, setNotes] = useState('');
  const { t } = useAppointmentsT();
  const { errors, submit, dialog } = useChangeDialog(
    props,
    completeRequestSchema,
    useCompleteAppointment(),
  );
  const name = patientName(appointment.patient);

  const complete = () =>
    submit({ followup: followup === '' ? null : followup, notes }, () =>
      t('complete.done', { name }),
    );

  return (
    <FormDialog
      opened
      title={t('complete.title')}
      submitLabel={t('complete.submit')}
      onSubmit={complete}
      {...dialog}
    >
      <Text>
        {t('complete.summary', { name, when: dateTimeText(appointment.start, timeZone) })}
      </Text>
      <DateField
        label={t('complete.followUp')}
        description={t('complete.followUpHelp')}
        min={localDate(new Date(), timeZone)}
        value={followup}
        onChange={setFollowup}
        error={errors.followup}
        data-autofocus
      />
      <Textarea
        label={t('fields.note')}
        description={t('optional')}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        error={errors.notes}
      />
    </FormDialog>
  );
}
