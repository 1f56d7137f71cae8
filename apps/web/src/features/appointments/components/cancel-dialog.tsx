import { cancelRequestSchema } from '@tend/shared';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useCancelAppointment } from '../api/cancel-appointment';
import { dateTimeText } from './appointment-format';
import type { AppointmentDialogProps } from './dialog-props';
import { useAppointmentsT } from '../i18n';

/** Cancel a requested or accepted visit, saying why; the other side is told. */
export function CancelDialog({
  appointment,
  timeZone,
  otherName,
  onClose,
  onDone,
}: AppointmentDialogProps & { otherName: string }) {
  const { t } = useAppointmentsT();
  const cancel = useCancelAppointment();
  const when = dateTimeText(appointment.start, timeZone);
  return (
    <ReasonDialog
      title={t('cancel.title')}
      explanation={t('cancel.explanation', { name: otherName, when })}
      submitLabel={t('cancel.submit')}
      schema={cancelRequestSchema}
      pending={cancel.isPending}
      error={cancel.isError ? cancel.error.message : null}
      onSubmit={(reason) =>
        cancel.mutate(
          { id: appointment._id, body: { reason } },
          { onSuccess: () => onDone(t('cancel.done', { name: otherName, when })) },
        )
      }
      onClose={onClose}
    />
  );
}
