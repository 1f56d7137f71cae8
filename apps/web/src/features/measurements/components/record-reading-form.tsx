import {
  Button,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  Title,
} from '@mantine/core';
import {
  MEASUREMENT_KINDS,
  displayUnit,
  measurementCreateSchema,
  type Measurement,
  type MeasurementKind,
} from '@tend/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRecordReading } from '../api/readings';
import { useMeasurementsT } from '../i18n';
import { kindLabel, unitLabel } from './measurement-words';
import {
  emptyReading,
  localNow,
  toReadingInput,
  type RecordFormValues,
} from './record-form-values';
import { useUnitSystem } from './use-unit-system';
import { FormFooter } from '../../../components/form-footer';
import { DateTimeField } from '../../../components/date-time-fields';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  /** "for Ana Ruiz" on a doctor's page. */
  heading: string;
  kind?: MeasurementKind;
  onRecorded: (reading: Measurement) => void;
  onClose: () => void;
};

/**
 * Record a reading (DESIGN.md "Health measurements"): typed in the person's units, checked in the
 * browser with the schema the server uses; what the server still refuses is shown on its field.
 */
export function RecordReadingForm({
  patientId,
  heading,
  kind = 'weight',
  onRecorded,
  onClose,
}: Props) {
  const { t } = useMeasurementsT();
  const system = useUnitSystem();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm<RecordFormValues>(() => emptyReading(kind), formRef);
  const record = useRecordReading();
  const [alert, setAlert] = useState<string | null>(null);
  const headingId = useId();
  const firstField = useRef<HTMLSelectElement>(null);
  const unit = unitLabel(t, displayUnit(form.values.kind, system));
  const kindOptions = MEASUREMENT_KINDS.map((value) => ({ value, label: kindLabel(t, value) }));

  // Opened by "Record a reading": the person goes on where the form starts.
  useEffect(() => firstField.current?.focus(), []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const body = form.validate(
      measurementCreateSchema,
      toReadingInput(form.values, system, patientId),
    );
    if (!body) return;
    record.mutate(body, {
      onSuccess: onRecorded,
      onError: (error) => setAlert(form.showRequestError(error)),
    });
  };

  const numberField = (name: 'value' | 'value.systolic' | 'value.diastolic') => ({
    name,
    value: form.values[name],
    // A problem with the pair (diastolic above systolic) sits on the first of the two.
    error: form.errors[name] ?? (name === 'value.systolic' ? form.errors.value : undefined),
    onChange: (value: number | string) => form.set(name, value),
    decimalScale: 2,
    min: 0,
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form ref={formRef} noValidate aria-labelledby={headingId} onSubmit={handleSubmit}>
        <Stack gap="md">
          <Title order={3} size="h4" id={headingId}>
            {heading}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label={t('form.kind')}
              data={kindOptions}
              ref={firstField}
              name="kind"
              value={form.values.kind}
              error={form.errors.kind}
              onChange={(event) => form.set('kind', event.currentTarget.value as MeasurementKind)}
            />
            <DateTimeField
              label={t('form.when')}
              description={t('form.whenHint')}
              required
              max={localNow()}
              {...form.valueField('takenat')}
            />
          </SimpleGrid>
          {form.values.kind === 'bloodpressure' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                label={t('form.systolic', { unit })}
                required
                allowDecimal={false}
                {...numberField('value.systolic')}
              />
              <NumberInput
                label={t('form.diastolic', { unit })}
                required
                allowDecimal={false}
                {...numberField('value.diastolic')}
              />
            </SimpleGrid>
          ) : (
            <NumberInput
              label={t('form.value', { kind: kindLabel(t, form.values.kind), unit })}
              required
              maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
              {...numberField('value')}
            />
          )}
          <Textarea
            label={t('form.note')}
            description={t('form.noteHint')}
            maxRows={5}
            {...form.field('note')}
          />
          <FormFooter
            failure={{ title: t('form.notRecorded'), message: alert }}
            submitLabel={t('form.submit')}
            pending={record.isPending}
          >
            <Button variant="default" onClick={onClose} disabled={record.isPending}>
              {t('form.close')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
    </Paper>
  );
}
