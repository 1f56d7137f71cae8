import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  MAX_QUANTITY,
  MAX_REFILLS,
  TIME_FREQUENCIES,
  isValidDateOnly,
  oneYearAfter,
  prescriptionCreateSchema,
  suggestedValidUntil,
  validUntilProblem,
  type Prescription,
} from '@tend/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useWritePrescription } from '../api/write-prescription';
import {
  EMPTY_PRESCRIPTION,
  toPrescriptionInput,
  type PrescriptionFormValues,
} from './prescription-form-values';
import { dateWords } from './prescription-words';
import { usePrescriptionsT } from '../i18n';
import { FormFooter } from '../../../components/form-footer';

const numberOrNothing = (value: number | string) => (value === '' ? undefined : Number(value));

/** The course the form holds so far, from which "Valid until" is suggested. */
function courseOf(values: PrescriptionFormValues) {
  return {
    quantity: numberOrNothing(values.quantity),
    refills: numberOrNothing(values.refills),
    amount: numberOrNothing(values['dose.amount']),
    dosesPerDay: values['dose.timesofday'].length,
  };
}

type Props = {
  patientId: string;
  patientName: string;
  /** The patient's today (their time zone), from which it may be valid for up to a year. */
  today: string;
  onWritten: (prescription: Prescription) => void;
  onClose: () => void;
};

/**
 * The doctor writes a prescription (DESIGN.md "Prescriptions and pharmacies"), checked in the
 * browser with the schema the server uses; what the server still refuses is shown on its field,
 * or in the alert above the buttons.
 */
export function PrescribeForm({ patientId, patientName, today, onWritten, onClose }: Props) {
  const { t } = usePrescriptionsT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm<PrescriptionFormValues>(
    { ...EMPTY_PRESCRIPTION, validuntil: suggestedValidUntil(today, courseOf(EMPTY_PRESCRIPTION)) },
    formRef,
  );
  const write = useWritePrescription();
  const [alert, setAlert] = useState<string | null>(null);
  const headingId = useId();
  const lastDay = oneYearAfter(today);
  const firstField = useRef<HTMLInputElement>(null);

  // Opened by "Prescribe": the person goes on where the form starts.
  useEffect(() => firstField.current?.focus(), []);

  // "Valid until" follows the course typed (quantity, refills, dose) until the doctor sets it.
  const [validUntilSet, setValidUntilSet] = useState(false);
  const suggested = suggestedValidUntil(today, courseOf(form.values));
  const { set } = form;
  const shown = form.values.validuntil;
  useEffect(() => {
    if (!validUntilSet && shown !== suggested) set('validuntil', suggested);
  }, [validUntilSet, shown, suggested, set]);
  const validUntilField = form.field('validuntil');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const { validuntil } = form.values;
    // Only the browser knows the patient's today here; the server checks it again.
    const problem = isValidDateOnly(validuntil) ? validUntilProblem(validuntil, today) : null;
    const body = form.validate(
      prescriptionCreateSchema,
      toPrescriptionInput(patientId, form.values),
      problem ? { validuntil: problem } : {},
    );
    if (!body) return;
    write.mutate(body, {
      onSuccess: onWritten,
      onError: (error) => setAlert(form.showRequestError(error)),
    });
  };

  const numberField = (name: 'dose.amount' | 'quantity' | 'refills') => ({
    name,
    value: form.values[name],
    error: form.errors[name],
    onChange: (value: number | string) => form.set(name, value),
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form ref={formRef} noValidate aria-labelledby={headingId} onSubmit={handleSubmit}>
        <Stack gap="md">
          <Title order={3} size="h4" id={headingId}>
            {t('prescribe.heading', { patient: patientName })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label={t('prescribe.medication')}
              description={t('prescribe.medicationHelp')}
              required
              autoComplete="off"
              ref={firstField}
              {...form.field('medication.name')}
            />
            <TextInput
              label={t('prescribe.strength')}
              description={t('prescribe.strengthHelp')}
              required
              autoComplete="off"
              {...form.field('medication.strength')}
            />
            <TextInput
              label={t('prescribe.form')}
              description={t('prescribe.formHelp')}
              required
              autoComplete="off"
              {...form.field('medication.form')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label={t('prescribe.doseAmount')}
              description={t('prescribe.doseAmountHelp')}
              required
              min={0}
              decimalScale={3}
              {...numberField('dose.amount')}
            />
            <TextInput
              label={t('prescribe.doseUnit')}
              description={t('prescribe.doseUnitHelp')}
              required
              autoComplete="off"
              {...form.field('dose.unit')}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('prescribe.timesOfDay')}
            required
            value={form.values['dose.timesofday']}
            onChange={(value) => form.set('dose.timesofday', value)}
            error={form.errors['dose.timesofday']}
          >
            <Group gap="xl" mt={6}>
              {TIME_FREQUENCIES.map((time) => (
                <Checkbox
                  key={time}
                  value={time}
                  label={t(`timeOfDay.${time}`)}
                  aria-invalid={form.errors['dose.timesofday'] ? true : undefined}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberInput
              label={t('prescribe.quantity')}
              description={t('prescribe.quantityHelp')}
              required
              min={1}
              max={MAX_QUANTITY}
              allowDecimal={false}
              {...numberField('quantity')}
            />
            <NumberInput
              label={t('prescribe.refills')}
              description={t('prescribe.refillsHelp', { max: MAX_REFILLS })}
              required
              min={0}
              max={MAX_REFILLS}
              allowDecimal={false}
              {...numberField('refills')}
            />
            <TextInput
              label={t('prescribe.validUntil')}
              description={t('prescribe.validUntilHelp', { date: dateWords(lastDay) })}
              type="date"
              required
              min={today}
              max={lastDay}
              {...validUntilField}
              onChange={(event) => {
                setValidUntilSet(true);
                validUntilField.onChange(event);
              }}
            />
          </SimpleGrid>
          <Textarea
            label={t('prescribe.instructions')}
            description={t('prescribe.instructionsHelp')}
            required
            autosize
            minRows={2}
            maxRows={6}
            {...form.field('instructions')}
          />
          <Textarea
            label={t('prescribe.note')}
            description={t('prescribe.noteHelp')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.field('note')}
          />
          <FormFooter
            failure={{ title: t('prescribe.notWritten'), message: alert }}
            submitLabel={t('prescribe.write')}
            pending={write.isPending}
          >
            <Button variant="default" onClick={onClose} disabled={write.isPending}>
              {t('prescribe.close')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
    </Paper>
  );
}
