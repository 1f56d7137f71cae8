import { NativeSelect, NumberInput, Text } from '@mantine/core';
import { PAYMENT_METHODS, paymentRequestSchema } from '@tend/shared';
import { useState } from 'react';
import type { FieldErrors } from '../../../lib/form-errors';
import { useRecordPayment } from '../api/record-payment';
import { METHOD_LABELS, moneyText, patientName } from './appointment-format';
import { checkInput, type AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';

/** The doctor records what the patient paid; the receipt gets its number. */
export function PaymentDialog({ appointment, onClose, onDone }: AppointmentDialogProps) {
  const [amount, setAmount] = useState<string | number>(appointment.fee ?? '');
  const [method, setMethod] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useRecordPayment();
  const name = patientName(appointment.patient);

  const submit = () => {
    const { body, errors: found } = checkInput(paymentRequestSchema, {
      amount: amount === '' ? undefined : Number(amount),
      method: method === '' ? undefined : method,
    });
    if (!body) return setErrors(found);
    record.mutate(
      { id: appointment._id, body },
      {
        onSuccess: () =>
          onDone(
            `Payment of ${moneyText(body.amount)} from ${name} is recorded. The receipt is ready.`,
          ),
      },
    );
  };

  return (
    <FormDialog
      opened
      title="Record payment"
      error={record.isError ? record.error.message : null}
      pending={record.isPending}
      submitLabel="Record payment"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        {appointment.fee === null
          ? `What ${name} paid for this visit.`
          : `What ${name} paid for this visit. Your fee when it was booked: ${moneyText(appointment.fee)}.`}
      </Text>
      <NumberInput
        label="Amount"
        required
        min={0}
        decimalScale={2}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
        error={errors.amount}
        data-autofocus
      />
      <NativeSelect
        label="Method"
        required
        data={[
          { value: '', label: 'Choose…' },
          ...PAYMENT_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] })),
        ]}
        value={method}
        onChange={(event) => {
          setMethod(event.currentTarget.value);
          setErrors((current) => ({ ...current, method: undefined }));
        }}
        error={errors.method}
      />
    </FormDialog>
  );
}
