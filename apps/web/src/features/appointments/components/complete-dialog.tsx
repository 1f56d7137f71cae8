import { Text, TextInput, Textarea } from '@mantine/core';
import { completeRequestSchema, localDate } from '@tend/shared';
import { useState } from 'react';
import type { FieldErrors } from '../../../lib/form-errors';
import { useCompleteAppointment } from '../api/complete-appointment';
import { dateTimeText, patientName } from './appointment-format';
import { checkInput, type AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';

/** The doctor marks a visit as done, with an optional follow-up date and note. */
export function CompleteDialog({ appointment, timeZone, onClose, onDone }: AppointmentDialogProps) {
  const [followup, setFollowup] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
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
      { onSuccess: () => onDone(`The visit with ${name} is marked as completed.`) },
    );
  };

  return (
    <FormDialog
      opened
      title="Complete this visit"
      error={complete.isError ? complete.error.message : null}
      pending={complete.isPending}
      submitLabel="Mark as completed"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{`${name}, ${dateTimeText(appointment.start, timeZone)}.`}</Text>
      <TextInput
        type="date"
        label="Follow-up date"
        description="Optional: when you want to see the patient again"
        min={localDate(new Date(), timeZone)}
        value={followup}
        onChange={(event) => setFollowup(event.currentTarget.value)}
        error={errors.followup}
        data-autofocus
      />
      <Textarea
        label="Note"
        description="Optional"
        autosize
        minRows={2}
        maxRows={6}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        error={errors.notes}
      />
    </FormDialog>
  );
}
