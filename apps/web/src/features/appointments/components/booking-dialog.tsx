import { Paper, Text, Textarea } from '@mantine/core';
import { bookingRequestSchema, type AppointmentType } from '@tend/shared';
import type { DirectoryDoctor } from '../api/search-directory';
import { useState } from 'react';
import { useBookAppointment } from '../api/book-appointment';
import { dateTimeText } from './appointment-format';
import { moneyText } from '../../../i18n/format';
import { checkInput } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { isSlotGone } from './slot-conflict';
import { SlotPicker } from './slot-picker';
import { useAppointmentsT } from '../i18n';

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
  const { t } = useAppointmentsT();

  const next = () => {
    if (!start) return setSlotError(t('chooseSlot'));
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
          t(`booking.done.${type}`, {
            doctor: doctorName,
            when: dateTimeText(body.start, timeZone),
          }),
        ),
      onError: (error) => {
        if (!isSlotGone(error)) return;
        // The free times are fetched again (the booking's onSettled); the person picks anew.
        setStart(null);
        setSlotError(t('slotGone'));
        setStep('slot');
      },
    });
  };

  const requestError = book.isError && !isSlotGone(book.error) ? book.error.message : null;
  return (
    <FormDialog
      opened
      size="lg"
      title={t(`booking.title.${type}`)}
      error={step === 'details' ? requestError : null}
      pending={book.isPending}
      submitLabel={step === 'slot' ? t('booking.next') : t('booking.confirm')}
      onSubmit={step === 'slot' ? next : confirm}
      onClose={step === 'details' && !book.isPending ? () => setStep('slot') : onClose}
    >
      {step === 'slot' ? (
        <>
          <Text>{t('booking.chooseWith', { doctor: doctorName })}</Text>
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
            <Text size="sm">
              {t('booking.summary', {
                type: t(`type.${type}`),
                when: start ? dateTimeText(start, timeZone) : '',
              })}
            </Text>
            {doctor.location && type === 'in_person' && <Text size="sm">{doctor.location}</Text>}
            {doctor.consultationfee !== null && (
              <Text size="sm">
                {t('booking.fee', { amount: moneyText(doctor.consultationfee, doctor.currency) })}
              </Text>
            )}
          </Paper>
          <Textarea
            label={t('booking.purpose')}
            description={t('booking.purposeHelp')}
            required
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
