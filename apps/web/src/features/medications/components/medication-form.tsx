import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { TIME_FREQUENCIES, type MedicationData } from '@tend/shared';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { focusFirstInvalid, splitRequestError, type FieldErrors } from '../../../lib/form-errors';
import { TIME_OF_DAY_LABELS } from '../../../lib/time-of-day';
import {
  MEDICATION_FIELDS,
  toMedicationBody,
  type MedicationField,
  type MedicationFormValues,
} from './medication-form-values';

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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<MedicationField>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <F extends MedicationField>(field: F, value: MedicationFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text =
    (field: Exclude<MedicationField, 'timefrequency'>) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, event.currentTarget.value);
  const showErrors = (found: FieldErrors<MedicationField>) => {
    setErrors(found);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const checked = toMedicationBody(values);
    if (!checked.ok) return showErrors(checked.errors);
    setErrors({});
    setSaving(true);
    try {
      await onSave(checked.body);
    } catch (error) {
      const { fields, alert: message } = splitRequestError(error, MEDICATION_FIELDS);
      setAlert(message);
      showErrors(fields);
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
              label="Name"
              name="name"
              required
              autoComplete="off"
              value={values.name}
              onChange={text('name')}
              error={errors.name}
            />
            <TextInput
              label="Dosage"
              name="dosage"
              description="For example 500 mg, or 2 tablets"
              autoComplete="off"
              value={values.dosage}
              onChange={text('dosage')}
              error={errors.dosage}
            />
          </SimpleGrid>
          <Textarea
            label="Prescription"
            name="description"
            description="What it is for and how to take it, as prescribed"
            autosize
            minRows={2}
            maxRows={6}
            value={values.description}
            onChange={text('description')}
            error={errors.description}
          />
          <Textarea
            label="Note"
            name="note"
            autosize
            minRows={2}
            maxRows={6}
            value={values.note}
            onChange={text('note')}
            error={errors.note}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Start date"
              name="startdate"
              type="date"
              required
              value={values.startdate}
              onChange={text('startdate')}
              error={errors.startdate}
            />
            <TextInput
              label="End date"
              name="enddate"
              type="date"
              description="Leave empty if there is no end date"
              min={values.startdate || undefined}
              value={values.enddate}
              onChange={text('enddate')}
              error={errors.enddate}
            />
          </SimpleGrid>
          <Radio.Group
            label="Time of day"
            name="timefrequency"
            required
            value={values.timefrequency}
            onChange={(value) => set('timefrequency', value)}
            error={errors.timefrequency}
          >
            <Group gap="xl" mt={6}>
              {TIME_FREQUENCIES.map((time) => (
                <Radio
                  key={time}
                  value={time}
                  label={TIME_OF_DAY_LABELS[time]}
                  aria-invalid={errors.timefrequency ? true : undefined}
                />
              ))}
            </Group>
          </Radio.Group>
          {alert && (
            <Alert color="red" variant="light" title={failureTitle}>
              {alert}
            </Alert>
          )}
          <Group gap="sm" mt="xs">
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
