import { Alert, Button, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { registerRequestSchema, type UserType } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { NewPasswordField } from '../../../components/new-password-field';
import { deviceTimeZone } from '../../../lib/time-zone';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRegister } from '../api/register';

type Values = {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  userType: UserType;
};

// SPEC §5: user type limited to patient or doctor, patient by default.
const EMPTY: Values = { firstname: '', lastname: '', email: '', password: '', userType: 'patient' };

/** SPEC §2 sign-up; DESIGN makes the email required. `onRegistered` gets the address used. */
export function SignUpForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(EMPTY, formRef);
  const registration = useRegister();
  const alert = form.alertFor(registration.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The device's time zone goes along, so the patient's "today" is their own from the start.
    const timezone = deviceTimeZone();
    const input = timezone ? { ...form.values, timezone } : form.values;
    const body = form.validate(registerRequestSchema, input);
    if (!body) return registration.reset();
    registration.mutate(body, {
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
        {alert && (
          <Alert color="red" variant="light" title="We couldn't create your account">
            {alert}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            required
            {...form.field('firstname')}
          />
          <TextInput
            label="Last Name"
            autoComplete="family-name"
            required
            {...form.field('lastname')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <NewPasswordField label="Password" {...form.field('password')} />
        <Radio.Group
          label="I am a"
          name="userType"
          required
          value={form.values.userType}
          onChange={(value) => form.set('userType', value)}
          error={form.errors.userType}
        >
          <Group gap="xl" mt={6}>
            <Radio value="patient" label="Patient" />
            <Radio value="doctor" label="Doctor" />
          </Group>
        </Radio.Group>
        <Button type="submit" size="md" loading={registration.isPending} mt="xs">
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
