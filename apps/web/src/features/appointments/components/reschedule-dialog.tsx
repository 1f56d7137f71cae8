import { Text } from '@mantine/core';
import { useState } from 'react';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { dateTimeText, doctorName } from './appointment-format';
import type { AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { isSlotGone } from './slot-conflict';
import { SlotPicker } from './slot-picker';
import { useAppointmentsT } from '../i18n';

/** The patient moves an upcoming visit to another free time; the doctor accepts it again. */
export function RescheduleDialog({
  appointment,
  timeZone,
  onClose,
  onDone,
}: AppointmentDialogProps) {
  const [start, setStart] = useState<string | null>(null);
  const [slotError, setSlotError] = useState<string | undefined>();
  const { t } = useAppointmentsT();
  const reschedule = useRescheduleAppointment();
  const name = doctorName(appointment.doctor);

  const submit = () => {
    if (!start) return setSlotError(t('chooseSlot'));
    reschedule.mutate(
      { id: appointment._id, body: { start } },
      {
        onSuccess: () =>
          onDone(t('reschedule.done', { name, when: dateTimeText(start, timeZone) })),
        onError: (error) => {
          if (!isSlotGone(error)) return;
          setStart(null);
          setSlotError(t('slotGone'));
        },
      },
    );
  };

  const requestError =
    reschedule.isError && !isSlotGone(reschedule.error) ? reschedule.error.message : null;
  return (
    <FormDialog
      opened
      size="lg"
      title={t('reschedule.title')}
      error={requestError}
      pending={reschedule.isPending}
      submitLabel={t('reschedule.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{t('reschedule.now', { when: dateTimeText(appointment.start, timeZone), name })}</Text>
      <SlotPicker
        doctorId={appointment.doctor._id}
        timeZone={timeZone}
        value={start}
        onChange={(value) => {
          setStart(value);
          setSlotError(undefined);
        }}
        error={slotError}
      />
    </FormDialog>
  );
}
