import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  displayUnit,
  targetsUpdateSchema,
  toCanonical,
  type MeasurementKind,
  type TargetList,
  type UnitSystem,
} from '@tend/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { useSaveTargets } from '../api/targets';
import { useMeasurementsT } from '../i18n';
import { kindLabel, shownValue, unitLabel } from './measurement-words';
import { useUnitSystem } from './use-unit-system';
import { FailureAlert } from '../../../components/failure-alert';

/** The kinds a doctor may set a target for (blood pressure's bounds the systolic). */
const TARGET_KINDS = [
  'bloodpressure',
  'heartrate',
  'glucose',
  'weight',
  'spo2',
  'temperature',
] as const;
type TargetKind = (typeof TARGET_KINDS)[number];
type Ends = { low: string | number; high: string | number };
type Values = Record<TargetKind, Ends>;
type Errors = Partial<Record<`${TargetKind}.${'low' | 'high'}`, string>>;

function initialValues(saved: TargetList, system: UnitSystem): Values {
  const values = Object.fromEntries(
    TARGET_KINDS.map((kind) => [kind, { low: '', high: '' }]),
  ) as Values;
  for (const target of saved.targets) {
    if (!(TARGET_KINDS as readonly string[]).includes(target.kind)) continue;
    const unit = displayUnit(target.kind, system);
    const end = (v: number | null) => (v == null ? '' : shownValue(v, unit));
    values[target.kind as TargetKind] = { low: end(target.low), high: end(target.high) };
  }
  return values;
}

const blank = (v: string | number) => typeof v === 'string' && v.trim() === '';

/** The body of PUT /patients/{id}/targets: the kinds with an end given, canonical. */
function toBody(values: Values, system: UnitSystem) {
  const kinds = TARGET_KINDS.filter(
    (kind) => !blank(values[kind].low) || !blank(values[kind].high),
  );
  const canonical = (kind: MeasurementKind, v: string | number) =>
    blank(v) ? null : toCanonical(Number(v), displayUnit(kind, system));
  return {
    kinds,
    body: {
      targets: kinds.map((kind) => ({
        kind,
        low: canonical(kind, values[kind].low),
        high: canonical(kind, values[kind].high),
      })),
    },
  };
}

/** "targets.2.high" → "glucose.high", by the order the kinds were sent in. */
function errorsOf(paths: [string, string][], kinds: readonly TargetKind[]): Errors {
  const errors: Errors = {};
  for (const [path, message] of paths) {
    const [, index, end] = path.split('.');
    const kind = kinds[Number(index)];
    if (!kind) continue;
    const key = `${kind}.${end === 'high' ? 'high' : 'low'}` as const;
    errors[key] ??= message;
  }
  return errors;
}

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

  const field = (kind: TargetKind, end: 'low' | 'high') => ({
    value: values[kind][end],
    error: errors[`${kind}.${end}`],
    onChange: (value: string | number) => {
      setValues((current) => ({ ...current, [kind]: { ...current[kind], [end]: value } }));
      setErrors((current) => ({ ...current, [`${kind}.${end}`]: undefined }));
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
                  <SimpleGrid cols={2} spacing="sm" maw={420}>
                    <NumberInput label={t('targets.low')} {...field(kind, 'low')} />
                    <NumberInput label={t('targets.high')} {...field(kind, 'high')} />
                  </SimpleGrid>
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
