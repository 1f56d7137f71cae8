import { NativeSelect, NumberInput, Text } from '@mantine/core';
import { PAYMENT_METHODS, currencyDecimals, paymentRequestSchema } from '@tend/shared';
import { useState } from 'react';
import { useRecordPayment } from '../api/record-payment';
import { patientName } from './appointment-format';
import { decimalSeparator, moneyText } from '../../../i18n/format';
import { useChangeDialog, type AppointmentDialogProps } from './dialog-props';
import { FormDialog } from '../../../components/form-dialog';
import { useAppointmentsT } from '../i18n';

/** The doctor records what the patient paid; the receipt gets its number. */
export function PaymentDialog(props: AppointmentDialogProps) {
  const { appointment } = props;
  const [amount, setAmount] = useState<string | number>(appointment.fee ?? '');
  const [method, setMethod] = useState('');
  const { t } = useAppointmentsT();
  const { errors, setErrors, submit, dialog } = useChangeDialog(
    props,
    paymentRequestSchema,
    useRecordPayment(),
  );
  const name = patientName(appointment.patient);

  const record = () =>
    submit(
      {
        amount: amount === '' ? undefined : Number(amount),
        method: method === '' ? undefined : method,
      },
      (body) => t('payment.done', { amount: moneyText(body.amount, appointment.currency), name }),
    );

  return (
    <FormDialog
      opened
      title={t('payment.title')}
      submitLabel={t('payment.submit')}
      onSubmit={record}
      {...dialog}
    >
      <Text>
        {appointment.fee === null
          ? t('payment.intro', { name })
          : t('payment.introWithFee', {
              name,
              fee: moneyText(appointment.fee, appointment.currency),
            })}
      </Text>
      <NumberInput
        label={t('payment.amount', { currency: appointment.currency })}
        required
        min={0}
        decimalScale={currencyDecimals(appointment.currency)}
        decimalSeparator={decimalSeparator()}
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
