import { Text, TextInput, Textarea } from '@mantine/core';
import { completeRequestSchema, localDate } from '@tend/shared';
import { useState } from 'react';
import type { FieldErrors } from '../../../lib/form-errors';
import { useCompleteAppointment } from '../api/complete-appointment';
import { dateTimeText, patientName } from './appointment-format';
import { checkInput, type AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { useAppointmentsT } from '../i18n';

/** The doctor marks a visit as done, with an optional follow-up date and note. */
export function CompleteDialog({ appointment, timeZone, onClose, onDone }: AppointmentDialogProps) {
  const [followup, setFollowup] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { t } = useAppointmentsT();
  const complete = useCompleteAppointment();
  const name = patientName(appointment.patient);

  const submit = () => {
    const { body, errors: found } = checkInput(completeRequestSchema, {
      followup: followup === '' ? null : followup,
      notes,
    });
    if (!body) return setErrors(found);
    complete.mutate(
      { id: appointment._id, body },
      { onSuccess: () => onDone(t('complete.done', { name })) },
    );
  };

  return (
    <FormDialog
      opened
      title={t('complete.title')}
      error={complete.isError ? complete.error.message : null}
      pending={complete.isPending}
      submitLabel={t('complete.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        {t('complete.summary', { name, when: dateTimeText(appointment.start, timeZone) })}
      </Text>
      <TextInput
        type="date"
        label={t('complete.followUp')}
        description={t('complete.followUpHelp')}
        min={localDate(new Date(), timeZone)}
        value={followup}
        onChange={(event) => setFollowup(event.currentTarget.value)}
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
