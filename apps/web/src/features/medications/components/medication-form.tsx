import { Button, Group, Paper, Radio, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { medicationInputSchema, TIME_FREQUENCIES, type MedicationData } from '@tend/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useMedicationsT } from '../i18n';
import { toMedicationInput, type MedicationFormValues } from './medication-form-values';
import { FormFooter } from '../../../components/form-footer';
import { DateField } from '../../../components/date-time-fields';

type Props = {
  initial: MedicationFormValues;
  submitLabel: string;
  /** Title of the alert when the save fails ("The medication was not saved"). */
  failureTitle: string;
  cancelTo: string;
  /** Saves the checked medication; a rejection carries the server's reasons. */
  onSave: (body: MedicationData) => Promise<unknown>;
};

/**
 * SPEC §3 medication fields, checked in the browser with the schema the server uses (DESIGN,
 * epic-stack); what the server still refuses is shown on its field, or above the buttons.
 */
export function MedicationForm({ initial, submitLabel, failureTitle, cancelTo, onSave }: Props) {
  const { t } = useMedicationsT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(initial, formRef);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const body = form.validate(medicationInputSchema, toMedicationInput(form.values));
    if (!body) return;
    setSaving(true);
    try {
      await onSave(body);
    } catch (error) {
      setAlert(form.showRequestError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label={t('fields.name')}
              required
              autoComplete="off"
              {...form.field('name')}
            />
            <TextInput
              label={t('fields.dosage')}
              description={t('form.dosageHint')}
              autoComplete="off"
              {...form.field('dosage')}
            />
          </SimpleGrid>
          <Textarea
            label={t('fields.prescription')}
            description={t('form.prescriptionHint')}
            {...form.field('description')}
          />
          <Textarea label={t('fields.note')} {...form.field('note')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DateField label={t('fields.startDate')} required {...form.valueField('startdate')} />
            <DateField
              label={t('fields.endDate')}
              description={t('form.endDateHint')}
              min={form.values.startdate || undefined}
              {...form.valueField('enddate')}
            />
          </SimpleGrid>
          <Radio.Group
            label={t('fields.timeOfDay')}
            name="timefrequency"
            required
            value={form.values.timefrequency}
            onChange={(value) => form.set('timefrequency', value)}
            error={form.errors.timefrequency}
          >
            <Group gap="xl" mt={6}>
              {TIME_FREQUENCIES.map((time) => (
                <Radio
                  key={time}
                  value={time}
                  label={t(`timeOfDay.${time}`)}
                  aria-invalid={form.errors.timefrequency ? true : undefined}
                />
              ))}
            </Group>
          </Radio.Group>
          <FormFooter
            failure={{ title: failureTitle, message: alert }}
            submitLabel={submitLabel}
            pending={saving}
          >
            <Button component={Link} to={cancelTo} variant="default">
              {t('form.cancel')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
    </Paper>
  );
}
