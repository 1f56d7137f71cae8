import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { displayUnit, targetsUpdateSchema, type TargetList } from '@tend/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { useSaveTargets } from '../api/targets';
import { useMeasurementsT } from '../i18n';
import { kindLabel, unitLabel } from './measurement-words';
import {
  TARGET_KINDS,
  errorsOf,
  initialValues,
  toBody,
  type Errors,
  type Range,
} from './targets-form-values';
import { useUnitSystem } from './use-unit-system';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * Targets: the low and high end of each kind this doctor wants the patient's readings between. A
 * reading outside one notifies the doctor (at most once a day per kind) and flags the patient.
 */
export function TargetsForm({ patientId, saved }: { patientId: string; saved: TargetList }) {
  const { t } = useMeasurementsT();
  const system = useUnitSystem();
  const [values, setValues] = useState(() => initialValues(saved, system));
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const save = useSaveTargets(patientId);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();

  const show = (found: Errors) => {
    setErrors(found);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    setStatus(null);
    const { kinds, body } = toBody(values, system);
    const parsed = targetsUpdateSchema.safeParse(body);
    if (!parsed.success) {
      return show(
        errorsOf(
          parsed.error.issues.map((i) => [i.path.join('.'), i.message]),
          kinds,
        ),
      );
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setStatus(kinds.length === 0 ? t('targets.cleared') : t('targets.saved')),
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? Object.entries(error.fields) : [];
        const found = errorsOf(fields, kinds);
        show(found);
        if (Object.keys(found).length === 0) setAlert(error.message);
      },
    });
  };

  const field = (range: Range, end: 'low' | 'high') => ({
    value: values[range][end],
    error: errors[`${range}.${end}`],
    onChange: (value: string | number) => {
      setValues((current) => ({ ...current, [range]: { ...current[range], [end]: value } }));
      setErrors((current) => ({ ...current, [`${range}.${end}`]: undefined }));
      setStatus(null);
    },
    decimalScale: 2,
    min: 0,
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} noValidate aria-labelledby={headingId} onSubmit={handleSubmit}>
        <Stack gap="md">
          <div>
            <Title order={3} size="h4" id={headingId}>
              {t('targets.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('targets.hint')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {TARGET_KINDS.map((kind) => {
              const unit = unitLabel(t, displayUnit(kind, system));
              return (
                <fieldset key={kind} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                  <Text component="legend" fw={600} mb={4}>
                    {t('targets.legend', { kind: kindLabel(t, kind), unit })}
                  </Text>
                  {kind === 'bloodpressure' ? (
                    <SimpleGrid cols={2} spacing="sm" maw={420}>
                      <NumberInput label={t('targets.systolicLow')} {...field(kind, 'low')} />
                      <NumberInput label={t('targets.systolicHigh')} {...field(kind, 'high')} />
                      <NumberInput
                        label={t('targets.diastolicLow')}
                        {...field('diastolic', 'low')}
                      />
                      <NumberInput
                        label={t('targets.diastolicHigh')}
                        {...field('diastolic', 'high')}
                      />
                    </SimpleGrid>
                  ) : (
                    <SimpleGrid cols={2} spacing="sm" maw={420}>
                      <NumberInput label={t('targets.low')} {...field(kind, 'low')} />
                      <NumberInput label={t('targets.high')} {...field(kind, 'high')} />
                    </SimpleGrid>
                  )}
                </fieldset>
              );
            })}
          </SimpleGrid>
          <FailureAlert title={t('targets.notSaved')} message={alert} />
          <Group gap="md">
            <Button type="submit" loading={save.isPending}>
              {t('targets.save')}
            </Button>
            {/* Hidden while empty: this page has other live regions (its prescriptions'). */}
            <Text role="status" fw={600} c="tend.9" hidden={!status}>
              {status}
            </Text>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
