import { currentLanguage } from '../../../i18n/i18n';
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { registerRequestSchema, type UserType } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { NewPasswordField } from '../../../components/new-password-field';
import {
  PharmacyDetailFields,
  pharmacyBody,
  pharmacyFieldValues,
  type PharmacyFieldValues,
} from '../../../components/pharmacy-detail-fields';
import { deviceTimeZone } from '../../../lib/time-zone';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRegister } from '../api/register';
import { useAuthT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';
import { EmailField } from '../../../components/email-field';

type Values = {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  userType: UserType;
} & PharmacyFieldValues;

// SPEC §5: patient by default; DESIGN adds pharmacy, the third role, with its details.
const EMPTY: Values = {
  firstname: '',
  lastname: '',
  email: '',
  password: '',
  userType: 'patient',
  ...pharmacyFieldValues(),
};

/** The registration body: a pharmacy's details only for a pharmacy. */
function registration(values: Values, timezone: string | null) {
  const { firstname, lastname, email, password, userType } = values;
  return {
    firstname,
    lastname,
    email,
    password,
    userType,
    ...(timezone ? { timezone } : {}),
    language: currentLanguage(),
    ...(userType === 'pharmacy' ? { pharmacy: pharmacyBody(values) } : {}),
  };
}

/** SPEC §2 sign-up; DESIGN makes the email required. `onRegistered` gets the address used. */
export function SignUpForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useAuthT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(EMPTY, formRef);
  const register = useRegister();
  const alert = form.alertFor(register.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The device's time zone goes along, so the patient's "today" is their own from the start.
    const body = form.validate(registerRequestSchema, registration(form.values, deviceTimeZone()));
    if (!body) return register.reset();
    register.mutate(body, {
      onSuccess: (user) => {
        // SPEC §4: a successful registration clears the form and goes to sign-in.
        form.reset(EMPTY);
        onRegistered(user.email);
      },
      onError: form.showRequestError,
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FailureAlert title={t('signUp.failure')} message={alert} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('signUp.firstName')}
            autoComplete="given-name"
            required
            {...form.field('firstname')}
          />
          <TextInput
            label={t('signUp.lastName')}
            autoComplete="family-name"
            required
            {...form.field('lastname')}
          />
        </SimpleGrid>
        <EmailField label={t('shared.email')} {...form.field('email')} />
        <NewPasswordField label={t('shared.password')} {...form.field('password')} />
        <Radio.Group
          label={t('signUp.iAmA')}
          name="userType"
          required
          value={form.values.userType}
          onChange={(value) => form.set('userType', value)}
          error={form.errors.userType}
        >
          <Group gap="xl" mt={6}>
            <Radio value="patient" label={t('signUp.patient')} />
            <Radio value="doctor" label={t('signUp.doctor')} />
            <Radio value="pharmacy" label={t('signUp.pharmacy')} />
          </Group>
        </Radio.Group>
        {form.values.userType === 'pharmacy' && (
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t('signUp.yourPharmacy')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('signUp.pharmacyText')}
            </Text>
            <PharmacyDetailFields field={form.field} />
          </Stack>
        )}
        <Button type="submit" size="md" loading={register.isPending} mt="xs">
          {t('signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
