import { Paper, Text, Textarea } from '@mantine/core';
import { bookingRequestSchema, type AppointmentType } from '@tend/shared';
import type { DirectoryDoctor } from '../api/search-directory';
import { useState } from 'react';
import { useBookAppointment } from '../api/book-appointment';
import { dateTimeText, moneyText, TYPE_LABELS } from './appointment-format';
import { checkInput } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { isSlotGone, SLOT_GONE_MESSAGE } from './slot-conflict';
import { SlotPicker } from './slot-picker';

type Props = {
  doctor: DirectoryDoctor;
  doctorName: string;
  type: AppointmentType;
  timeZone: string;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** Booking in two steps: a free time, then what the visit is for and a last look before booking. */
export function BookingDialog({ doctor, doctorName, type, timeZone, onClose, onDone }: Props) {
  const [step, setStep] = useState<'slot' | 'details'>('slot');
  const [start, setStart] = useState<string | null>(null);
  const [purpose, setPurpose] = useState('');
  const [slotError, setSlotError] = useState<string | undefined>();
  const [purposeError, setPurposeError] = useState<string | undefined>();
  const book = useBookAppointment();
  const kind = type === 'online' ? 'online consultation' : 'appointment in person';

  const next = () => {
    if (!start) return setSlotError('Choose one of the free times.');
    setSlotError(undefined);
    book.reset();
    setStep('details');
  };

  const confirm = () => {
    const { body, errors } = checkInput(bookingRequestSchema, {
      doctorId: doctor._id,
      start,
      type,
      purpose,
    });
    if (!body) return setPurposeError(errors.purpose ?? errors.start);
    book.mutate(body, {
      onSuccess: () =>
        onDone(
          `Your ${kind} with ${doctorName} on ${dateTimeText(body.start, timeZone)} is requested. It shows on your dashboard, and ${doctorName} will accept it there.`,
        ),
      onError: (error) => {
        if (!isSlotGone(error)) return;
        // The free times are fetched again (the booking's onSettled); the person picks anew.
        setStart(null);
        setSlotError(SLOT_GONE_MESSAGE);
        setStep('slot');
      },
    });
  };

  const requestError = book.isError && !isSlotGone(book.error) ? book.error.message : null;
  return (
    <FormDialog
      opened
      size="lg"
      title={`Book an ${kind}`}
      error={step === 'details' ? requestError : null}
      pending={book.isPending}
      submitLabel={step === 'slot' ? 'Next' : 'Confirm booking'}
      onSubmit={step === 'slot' ? next : confirm}
      onClose={step === 'details' && !book.isPending ? () => setStep('slot') : onClose}
    >
      {step === 'slot' ? (
        <>
          <Text>{`Choose a free time with ${doctorName}.`}</Text>
          <SlotPicker
            doctorId={doctor._id}
            timeZone={timeZone}
            value={start}
            onChange={(value) => {
              setStart(value);
              setSlotError(undefined);
            }}
            error={slotError}
          />
        </>
      ) : (
        <>
          <Paper withBorder radius="md" p="sm" bg="gray.0">
            <Text fw={600}>{doctorName}</Text>
            <Text size="sm">{`${TYPE_LABELS[type]}, ${start ? dateTimeText(start, timeZone) : ''}`}</Text>
            {doctor.location && type === 'in_person' && <Text size="sm">{doctor.location}</Text>}
            {doctor.consultationfee !== null && (
              <Text size="sm">{`Fee ${moneyText(doctor.consultationfee)}`}</Text>
            )}
          </Paper>
          <Textarea
            label="Purpose of the visit"
            description="A few words for the doctor, for example “Follow-up on blood pressure”"
            required
            autosize
            minRows={2}
            maxRows={6}
            value={purpose}
            onChange={(event) => {
              setPurpose(event.currentTarget.value);
              setPurposeError(undefined);
            }}
            error={purposeError}
            data-autofocus
          />
        </>
      )}
    </FormDialog>
  );
}
