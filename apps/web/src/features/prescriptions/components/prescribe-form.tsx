import { Button, Paper, Stack, Textarea, Title } from '@mantine/core';
import {
  isValidDateOnly,
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
import { usePrescriptionsT } from '../i18n';
import { CourseFields, DoseFields, MedicationFields } from './prescription-field-groups';
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

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form ref={formRef} noValidate aria-labelledby={headingId} onSubmit={handleSubmit}>
        <Stack gap="md">
          <Title order={3} size="h4" id={headingId}>
            {t('prescribe.heading', { patient: patientName })}
          </Title>
          <MedicationFields form={form} firstRef={firstField} />
          <DoseFields form={form} />
          <CourseFields form={form} today={today} onValidUntilSet={() => setValidUntilSet(true)} />
          <Textarea
            label={t('prescribe.instructions')}
            description={t('prescribe.instructionsHelp')}
            required
            {...form.field('instructions')}
          />
          <Textarea
            label={t('prescribe.note')}
            description={t('prescribe.noteHelp')}
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
