import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { profileUpdateSchema, type Profile, type UnitSystem } from '@tend/shared';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { deviceTimeZone } from '../../../lib/time-zone';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';
import { CurrentPasswordForEmail, PendingEmailNotice } from './email-change-notes';
import { ContactFields, PersonalFields, ProfessionalFields } from './profile-field-groups';
import { changesEmail, profileChanges, toFormValues } from './profile-form-values';
import { timeZoneOptions } from './time-zones';

export const PROFILE_SAVED_MESSAGE = 'Profile saved.';

const UNIT_OPTIONS: { value: UnitSystem; label: string }[] = [
  { value: 'metric', label: 'Metric (kg, cm, °C)' },
  { value: 'us', label: 'US (lb, in, °F)' },
];

const savedMessage = (saved: Profile, emailChanged: boolean) =>
  emailChanged && saved.pendingemail
    ? `Profile saved. We sent a link to ${saved.pendingemail}: open it to change your email.`
    : PROFILE_SAVED_MESSAGE;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** SPEC §3 profile fields plus time zone (and, for doctors, what patients see about them). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [status, setStatus] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(() => toFormValues(profile, deviceTimeZone()), formRef, {
    // Editing again takes down the last "Profile saved." or "No changes to save."
    onEdit: () => setStatus(null),
  });
  const update = useUpdateProfile();
  const zones = useMemo(() => timeZoneOptions(profile.timezone), [profile.timezone]);
  const alert = form.alertFor(update.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.reset();
    const passwordMissing =
      changesEmail(form.values, profile) && form.values.currentPassword === ''
        ? { currentPassword: 'Enter your current password to change your email.' }
        : {};
    const body = form.validate(
      profileUpdateSchema,
      profileChanges(form.values, profile),
      passwordMissing,
    );
    if (!body) return;
    if (Object.keys(body).length === 0) return setStatus('No changes to save.');
    const emailChanged = body.email !== undefined && changesEmail(form.values, profile);
    update.mutate(body, {
      // SPEC §4: the form then shows what the server saved.
      onSuccess: (saved) => {
        // What was saved is what the person chose: no zone is proposed over it any more.
        form.reset(toFormValues(saved, null));
        setStatus(savedMessage(saved, emailChanged));
      },
      onError: form.showRequestError,
    });
  };

  // A pharmacy's address is its pharmacy's (above); a date of birth or blood group is not its to keep.
  const isPharmacy = profile.userType === 'pharmacy';
  const timeZoneProposed = form.values.timezone !== profile.timezone && profile.timezone === 'UTC';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} noValidate onSubmit={handleSubmit}>
        <Stack gap="xl">
          <Section title={isPharmacy ? 'Account holder' : 'Personal details'}>
            <PersonalFields form={form} health={!isPharmacy} />
          </Section>
          <Section title={isPharmacy ? 'Your contact' : 'Contact and address'}>
            <PendingEmailNotice profile={profile} />
            <ContactFields
              form={form}
              address={!isPharmacy}
              afterEmail={
                changesEmail(form.values, profile) && <CurrentPasswordForEmail form={form} />
              }
            />
            <NativeSelect
              label="Time zone"
              description={
                timeZoneProposed
                  ? 'Filled in from this device and not saved yet: Save Changes to keep it.'
                  : 'Tend uses it for your daily checklist and appointment times.'
              }
              data={zones}
              {...form.field('timezone')}
              maw={{ md: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
            />
            {!isPharmacy && (
              <NativeSelect
                label="Units"
                description="How health readings are shown and typed."
                data={UNIT_OPTIONS}
                name="units"
                value={form.values.units}
                error={form.errors.units}
                onChange={(event) => form.set('units', event.currentTarget.value as UnitSystem)}
                maw={{ md: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
              />
            )}
          </Section>
          {profile.userType === 'doctor' && (
            <Section title="Professional details">
              <ProfessionalFields form={form} />
            </Section>
          )}
          {alert && (
            <Alert color="red" variant="light" title="Your profile was not saved">
              {alert}
            </Alert>
          )}
          <Group gap="md">
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
            <div role="status">
              {status && (
                <Text fw={600} c="tend.9" style={{ overflowWrap: 'anywhere' }}>
                  {status}
                </Text>
              )}
            </div>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
