import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '@tend/shared';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { focusFirstInvalid, splitRequestError, type FieldErrors } from '../../../lib/form-errors';
import { deviceTimeZone } from '../../../lib/time-zone';
import { useUpdateProfile } from '../api/update-profile';
import { ContactFields, PersonalFields, ProfessionalFields } from './profile-field-groups';
import {
  PROFILE_FIELDS,
  profileChanges,
  toFormValues,
  type ProfileField,
  type ProfileFormValues,
} from './profile-form-values';
import { timeZoneOptions } from './time-zones';

export const PROFILE_SAVED_MESSAGE = 'Profile saved.';

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
  const [values, setValues] = useState(() => toFormValues(profile, deviceTimeZone()));
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [status, setStatus] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateProfile();
  const zones = useMemo(() => timeZoneOptions(profile.timezone), [profile.timezone]);
  const alert = update.isError ? splitRequestError(update.error, PROFILE_FIELDS).alert : null;

  const set = <F extends ProfileField>(field: F, value: ProfileFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setStatus(null);
  };
  const showErrors = (found: FieldErrors<ProfileField>) => {
    setErrors(found);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.reset();
    const changes = profileChanges(values, profile);
    if (!changes.ok) return showErrors(changes.errors);
    setErrors({});
    if (Object.keys(changes.body).length === 0) return setStatus('No changes to save.');
    update.mutate(changes.body, {
      // SPEC §4: the form then shows what the server saved.
      onSuccess: (saved) => {
        // What was saved is what the person chose: no zone is proposed over it any more.
        setValues(toFormValues(saved, null));
        setStatus(PROFILE_SAVED_MESSAGE);
      },
      onError: (error) => showErrors(splitRequestError(error, PROFILE_FIELDS).fields),
    });
  };

  const groupProps = { values, errors, set };
  const timeZoneProposed = values.timezone !== profile.timezone && profile.timezone === 'UTC';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} noValidate onSubmit={handleSubmit}>
        <Stack gap="xl">
          <Section title="Personal details">
            <PersonalFields {...groupProps} />
          </Section>
          <Section title="Contact and address">
            <ContactFields {...groupProps} />
            <NativeSelect
              label="Time zone"
              name="timezone"
              description={
                timeZoneProposed
                  ? 'Filled in from this device and not saved yet: Save Changes to keep it.'
                  : 'Tend uses it for your daily checklist and appointment times.'
              }
              data={zones}
              value={values.timezone}
              error={errors.timezone}
              onChange={(event) => set('timezone', event.currentTarget.value)}
              maw={{ md: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
            />
          </Section>
          {profile.userType === 'doctor' && (
            <Section title="Professional details">
              <ProfessionalFields {...groupProps} />
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
                <Text fw={600} c="tend.9">
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
