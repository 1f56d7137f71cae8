import { Checkbox, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { MAX_QUANTITY, MAX_REFILLS, TIME_FREQUENCIES, oneYearAfter } from '@tend/shared';
import type { Ref } from 'react';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { usePrescriptionsT } from '../i18n';
import type { PrescriptionFormValues } from './prescription-form-values';
import { dateWords } from './prescription-words';
import { DateField } from '../../../components/date-time-fields';

type FieldGroupProps = { form: SchemaForm<PrescriptionFormValues> };

/** What a NumberInput needs for one of the form's numbers. */
function numberField(form: FieldGroupProps['form'], name: 'dose.amount' | 'quantity' | 'refills') {
  return {
    name,
    value: form.values[name],
    error: form.errors[name],
    onChange: (value: number | string) => form.set(name, value),
  };
}

/** The medication's fields, each with its words (`prescribe.<label>` and `…Help`). */
const MEDICATION_FIELDS = [
  ['medication.name', 'medication'],
  ['medication.strength', 'strength'],
  ['medication.form', 'form'],
] as const;

/** The medication: name, strength and form; `firstRef` is where the form starts. */
export function MedicationFields({
  form,
  firstRef,
}: FieldGroupProps & { firstRef: Ref<HTMLInputElement> }) {
  const { t } = usePrescriptionsT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {MEDICATION_FIELDS.map(([name, label]) => (
        <TextInput
          key={name}
          label={t(`prescribe.${label}`)}
          description={t(`prescribe.${label}Help`)}
          required
          autoComplete="off"
          ref={name === 'medication.name' ? firstRef : undefined}
          {...form.field(name)}
        />
      ))}
    </SimpleGrid>
  );
}

/** The dose: how much, of what unit, at which times of day. */
export function DoseFields({ form }: FieldGroupProps) {
  const { t } = usePrescriptionsT();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NumberInput
          label={t('prescribe.doseAmount')}
          description={t('prescribe.doseAmountHelp')}
          required
          min={0}
          decimalScale={3}
          {...numberField(form, 'dose.amount')}
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
    </>
  );
}

type CourseProps = FieldGroupProps & {
  /** The patient's today, from which it may be valid for up to a year. */
  today: string;
  /** The doctor typed a date of their own: it stops following the course. */
  onValidUntilSet: () => void;
};

/** The course: the quantity, the refills and until when it can be filled. */
export function CourseFields({ form, today, onValidUntilSet }: CourseProps) {
  const { t } = usePrescriptionsT();
  const lastDay = oneYearAfter(today);
  const validUntilField = form.valueField('validuntil');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <NumberInput
        label={t('prescribe.quantity')}
        description={t('prescribe.quantityHelp')}
        required
        min={1}
        max={MAX_QUANTITY}
        allowDecimal={false}
        {...numberField(form, 'quantity')}
      />
      <NumberInput
        label={t('prescribe.refills')}
        description={t('prescribe.refillsHelp', { max: MAX_REFILLS })}
        required
        min={0}
        max={MAX_REFILLS}
        allowDecimal={false}
        {...numberField(form, 'refills')}
      />
      <DateField
        label={t('prescribe.validUntil')}
        description={t('prescribe.validUntilHelp', { date: dateWords(lastDay) })}
        required
        min={today}
        max={lastDay}
        {...validUntilField}
        onChange={(value) => {
          onValidUntilSet();
          validUntilField.onChange(value);
        }}
      />
    </SimpleGrid>
  );
}
