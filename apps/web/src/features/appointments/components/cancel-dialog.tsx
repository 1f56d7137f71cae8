import { cancelRequestSchema } from '@tend/shared';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useCancelAppointment } from '../api/cancel-appointment';
import { dateTimeText } from './appointment-format';
import type { AppointmentDialogProps } from './dialog-props';

/** Cancel a requested or accepted visit, saying why; the other side is told. */
export function CancelDialog({
  appointment,
  timeZone,
  otherName,
  onClose,
  onDone,
}: AppointmentDialogProps & { otherName: string }) {
  const cancel = useCancelAppointment();
  const when = dateTimeText(appointment.start, timeZone);
  return (
    <ReasonDialog
      title="Cancel this visit?"
      explanation={`The visit with ${otherName} on ${when} will be cancelled and the time freed. ${otherName} will see your reason.`}
      submitLabel="Cancel visit"
      schema={cancelRequestSchema}
      pending={cancel.isPending}
      error={cancel.isError ? cancel.error.message : null}
      onSubmit={(reason) =>
        cancel.mutate(
          { id: appointment._id, body: { reason } },
          { onSuccess: () => onDone(`The visit with ${otherName} on ${when} is cancelled.`) },
        )
      }
      onClose={onClose}
    />
  );
}
