import { Box, NativeSelect, Paper, Stack, Title } from '@mantine/core';
import { profileUpdateSchema, type Profile, type UnitSystem } from '@tend/shared';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LanguagePicker } from '../../../components/language-picker';
import { deviceTimeZone, timeZoneOptions } from '../../../lib/time-zone';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';
import { useAccountT } from '../i18n';
import { CurrentPasswordForEmail, PendingEmailNotice } from './email-change-notes';
import { ContactFields, PersonalFields, ProfessionalFields } from './profile-field-groups';
import { changesEmail, profileChanges, toFormValues } from './profile-form-values';
import { FormFooter } from '../../../components/form-footer';

const savedMessage = (saved: Profile, emailChanged: boolean, t: TFunction) =>
  emailChanged && saved.pendingemail
    ? t('profile.savedEmailLink', { email: saved.pendingemail })
    : t('profile.saved');

/** Half the form's width from md up, like one column of the fields above. */
const HALF_WIDTH = { md: 'calc(50% - var(--mantine-spacing-md) / 2)' };

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
  const { t } = useAccountT();
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
        ? { currentPassword: t('profile.passwordForEmail') }
        : {};
    const body = form.validate(
      profileUpdateSchema,
      profileChanges(form.values, profile),
      passwordMissing,
    );
    if (!body) return;
    if (Object.keys(body).length === 0) return setStatus(t('profile.noChanges'));
    const emailChanged = body.email !== undefined && changesEmail(form.values, profile);
    update.mutate(body, {
      // SPEC §4: the form then shows what the server saved.
      onSuccess: (saved) => {
        // What was saved is what the person chose: no zone is proposed over it any more.
        form.reset(toFormValues(saved, null));
        setStatus(savedMessage(saved, emailChanged, t));
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
          <Section title={isPharmacy ? t('profile.accountHolder') : t('profile.personal')}>
            <PersonalFields form={form} health={!isPharmacy} />
          </Section>
          <Section title={isPharmacy ? t('profile.yourContact') : t('profile.contact')}>
            <PendingEmailNotice profile={profile} />
            <ContactFields
              form={form}
              address={!isPharmacy}
              afterEmail={
                changesEmail(form.values, profile) && <CurrentPasswordForEmail form={form} />
              }
            />
            <NativeSelect
              label={t('profile.timeZone')}
              description={
                timeZoneProposed ? t('profile.timeZoneProposed') : t('profile.timeZoneUse')
              }
              data={zones}
              {...form.field('timezone')}
              maw={HALF_WIDTH}
            />
            {!isPharmacy && (
              <NativeSelect
                label={t('profile.units')}
                description={t('profile.unitsDescription')}
                data={[
                  { value: 'metric', label: t('profile.unitsMetric') },
                  { value: 'us', label: t('profile.unitsUs') },
                ]}
                name="units"
                value={form.values.units}
                error={form.errors.units}
                onChange={(event) => form.set('units', event.currentTarget.value as UnitSystem)}
                maw={HALF_WIDTH}
              />
            )}
            {/* Saved on its own as soon as it is picked, which its description says. */}
            <Box maw={HALF_WIDTH}>
              <LanguagePicker description={t('profile.languageDescription')} />
            </Box>
          </Section>
          {profile.userType === 'doctor' && (
            <Section title={t('profile.professional')}>
              <ProfessionalFields form={form} currency={profile.currency} />
            </Section>
          )}
          <FormFooter
            failure={{ title: t('profile.notSaved'), message: alert }}
            submitLabel={t('profile.save')}
            pending={update.isPending}
            status={status}
          />
        </Stack>
      </form>
    </Paper>
  );
}
