import { NativeSelect, NumberInput, Text } from '@mantine/core';
import { PAYMENT_METHODS, paymentRequestSchema } from '@tend/shared';
import { useState } from 'react';
import type { FieldErrors } from '../../../lib/form-errors';
import { useRecordPayment } from '../api/record-payment';
import { moneyText, patientName } from './appointment-format';
import { checkInput, type AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { useAppointmentsT } from '../i18n';

/** The doctor records what the patient paid; the receipt gets its number. */
export function PaymentDialog({ appointment, onClose, onDone }: AppointmentDialogProps) {
  const [amount, setAmount] = useState<string | number>(appointment.fee ?? '');
  const [method, setMethod] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { t } = useAppointmentsT();
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
        onSuccess: () => onDone(t('payment.done', { amount: moneyText(body.amount), name })),
      },
    );
  };

  return (
    <FormDialog
      opened
      title={t('payment.title')}
      error={record.isError ? record.error.message : null}
      pending={record.isPending}
      submitLabel={t('payment.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        {appointment.fee === null
          ? t('payment.intro', { name })
          : t('payment.introWithFee', { name, fee: moneyText(appointment.fee) })}
      </Text>
      <NumberInput
        label={t('payment.amount')}
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
        label={t('payment.method')}
        required
        data={[
          { value: '', label: t('payment.choose') },
          ...PAYMENT_METHODS.map((value) => ({ value, label: t(`method.${value}`) })),
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
