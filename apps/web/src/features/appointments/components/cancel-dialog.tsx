import { Text, Textarea } from '@mantine/core';
import { cancelRequestSchema } from '@tend/shared';
import { useState } from 'react';
import { useCancelAppointment } from '../api/cancel-appointment';
import { dateTimeText } from './appointment-format';
import { checkInput, type AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';

/** Cancel a requested or accepted visit, saying why; the other side is told. */
export function CancelDialog({
  appointment,
  timeZone,
  otherName,
  onClose,
  onDone,
}: AppointmentDialogProps & { otherName: string }) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const cancel = useCancelAppointment();
  const when = dateTimeText(appointment.start, timeZone);

  const submit = () => {
    const { body, errors } = checkInput(cancelRequestSchema, { reason });
    if (!body) return setFieldError(errors.reason);
    cancel.mutate(
      { id: appointment._id, body },
      { onSuccess: () => onDone(`The visit with ${otherName} on ${when} is cancelled.`) },
    );
  };

  return (
    <FormDialog
      opened
      title="Cancel this visit?"
      error={cancel.isError ? cancel.error.message : null}
      pending={cancel.isPending}
      submitLabel="Cancel visit"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{`The visit with ${otherName} on ${when} will be cancelled and the time freed. ${otherName} will see your reason.`}</Text>
      <Textarea
        label="Reason"
        required
        autosize
        minRows={2}
        maxRows={6}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setFieldError(undefined);
        }}
        error={fieldError}
        data-autofocus
      />
    </FormDialog>
  );
}
