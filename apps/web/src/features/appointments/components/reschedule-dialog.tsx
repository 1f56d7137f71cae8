import { Text } from '@mantine/core';
import { useState } from 'react';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { dateTimeText, doctorName } from './appointment-format';
import type { AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { isSlotGone, SLOT_GONE_MESSAGE } from './slot-conflict';
import { SlotPicker } from './slot-picker';

/** The patient moves an upcoming visit to another free time; the doctor accepts it again. */
export function RescheduleDialog({
  appointment,
  timeZone,
  onClose,
  onDone,
}: AppointmentDialogProps) {
  const [start, setStart] = useState<string | null>(null);
  const [slotError, setSlotError] = useState<string | undefined>();
  const reschedule = useRescheduleAppointment();
  const name = doctorName(appointment.doctor);

  const submit = () => {
    if (!start) return setSlotError('Choose one of the free times.');
    reschedule.mutate(
      { id: appointment._id, body: { start } },
      {
        onSuccess: () =>
          onDone(
            `Your visit with ${name} is moved to ${dateTimeText(start, timeZone)}. ${name} will accept the new time.`,
          ),
        onError: (error) => {
          if (!isSlotGone(error)) return;
          setStart(null);
          setSlotError(SLOT_GONE_MESSAGE);
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
      title="Reschedule this visit"
      error={requestError}
      pending={reschedule.isPending}
      submitLabel="Move the visit"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{`Now: ${dateTimeText(appointment.start, timeZone)} with ${name}. Choose a new time.`}</Text>
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
