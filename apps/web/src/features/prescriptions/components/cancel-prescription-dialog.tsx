import { Text, Textarea } from '@mantine/core';
import { prescriptionCancelSchema, type Prescription } from '@tend/shared';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { zodFieldErrors } from '../../../lib/form-errors';
import { useCancelPrescription } from '../api/cancel-prescription';
import { prescriptionTitle } from './prescription-words';

type Props = {
  prescription: Prescription;
  patientName: string;
  onClose: () => void;
  /** It is cancelled: close, and say so in the list's status line. */
  onDone: (message: string) => void;
};

/** Its doctor cancels an active prescription, saying why; the patient sees the reason. */
export function CancelPrescriptionDialog({ prescription, patientName, onClose, onDone }: Props) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const cancel = useCancelPrescription();
  const title = prescriptionTitle(prescription);

  const submit = () => {
    const parsed = prescriptionCancelSchema.safeParse({ reason });
    if (!parsed.success) return setFieldError(zodFieldErrors(parsed.error).reason);
    cancel.mutate(
      { id: prescription._id, reason: parsed.data.reason },
      { onSuccess: () => onDone(`The prescription of ${title} is cancelled.`) },
    );
  };

  return (
    <FormDialog
      opened
      title="Cancel this prescription?"
      error={cancel.isError ? cancel.error.message : null}
      pending={cancel.isPending}
      submitLabel="Cancel prescription"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{`${title} (code ${prescription.code}) can no longer be filled once cancelled. ${patientName} will see your reason.`}</Text>
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
