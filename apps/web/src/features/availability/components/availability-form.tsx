import { Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { availabilitySchema, localDate, SLOT_MINUTES, type Availability } from '@tend/shared';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { timeZoneOptions } from '../../../lib/time-zone';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { useSaveAvailability } from '../api/save-availability';
import {
  serverAvailabilityErrors,
  zodAvailabilityErrors,
  type AvailabilityErrors,
} from './availability-errors';
import { toBody, toValues, type AvailabilityValues } from './availability-values';
import { DaysOffFields } from './days-off-fields';
import { WeeklyHoursFields } from './weekly-hours-fields';
import { useAvailabilityT } from '../i18n';
import { FormFooter } from '../../../components/form-footer';

function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Stack component="section" gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {children}
    </Stack>
  );
}

/** The whole availability, saved at once so patients never see half a week. */
export function AvailabilityForm({ saved }: { saved: Availability }) {
  const { t } = useAvailabilityT();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<AvailabilityValues>(() => toValues(saved));
  const [errors, setErrors] = useState<AvailabilityErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const save = useSaveAvailability();
  const zones = useMemo(() => timeZoneOptions(saved.timezone), [saved.timezone]);
  const today = localDate(new Date(), values.timezone);

  const edit = (change: Partial<AvailabilityValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setStatus(null);
  };
  const showErrors = (found: AvailabilityErrors) => {
    setErrors(found);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    setStatus(null);
    const { body, rowKeys } = toBody(values);
    const parsed = availabilitySchema.safeParse(body);
    if (!parsed.success) return showErrors(zodAvailabilityErrors(parsed.error, rowKeys));
    setErrors({});
    save.mutate(body, {
      onSuccess: (result) => {
        setValues(toValues(result));
        setStatus(t('form.saved'));
      },
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? error.fields : {};
        showErrors(serverAvailabilityErrors(fields, rowKeys));
        setAlert(error.message);
      },
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} noValidate onSubmit={handleSubmit}>
        <Stack gap="xl">
          <Section title={t('form.zoneTitle')} intro={t('form.zoneIntro')}>
            <Group gap="md" align="flex-start" grow preventGrowOverflow={false} maw={560}>
              <NativeSelect
                label={t('form.timeZone')}
                data={zones}
                value={values.timezone}
                onChange={(event) => edit({ timezone: event.currentTarget.value })}
                error={errors.timezone}
              />
              <NativeSelect
                label={t('form.slotLength')}
                data={SLOT_MINUTES.map((minutes) => ({
                  value: String(minutes),
                  label: t('form.minutes', { minutes }),
                }))}
                value={String(values.slotminutes)}
                onChange={(event) => edit({ slotminutes: Number(event.currentTarget.value) })}
                error={errors.slotminutes}
              />
            </Group>
          </Section>
          <Section title={t('form.weeklyTitle')} intro={t('form.weeklyIntro')}>
            {errors.weekly && (
              <Text size="sm" c="red.8">
                {errors.weekly}
              </Text>
            )}
            <WeeklyHoursFields
              hours={values.hours}
              errors={errors}
              onChange={(hours) => edit({ hours })}
            />
          </Section>
          <Section title={t('form.daysOffTitle')} intro={t('form.daysOffIntro')}>
            <DaysOffFields
              daysoff={values.daysoff}
              today={today}
              error={errors.daysoff}
              onChange={(daysoff) => edit({ daysoff })}
            />
          </Section>
          <FormFooter
            failure={{ title: t('form.notSaved'), message: alert }}
            submitLabel={t('form.save')}
            pending={save.isPending}
            status={status}
          />
        </Stack>
      </form>
    </Paper>
  );
}
