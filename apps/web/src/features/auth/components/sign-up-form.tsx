import { Alert, Button, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { registerRequestSchema, type UserType } from '@tend/shared';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PasswordRules } from '../../../components/password-rules';
import {
  focusFirstInvalid,
  splitRequestError,
  zodFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';
import { usePasswordPolicy } from '../../../lib/password-policy';
import { deviceTimeZone } from '../../../lib/time-zone';
import { useRegister } from '../api/register';
import { PasswordField } from '../../../components/password-field';

const FIELDS = ['firstname', 'lastname', 'email', 'password', 'userType'] as const;
type Field = (typeof FIELDS)[number];
type Values = Omit<Record<Field, string>, 'userType'> & { userType: UserType };

// SPEC §5: user type limited to patient or doctor, patient by default.
const EMPTY: Values = { firstname: '', lastname: '', email: '', password: '', userType: 'patient' };

/** SPEC §2 sign-up; DESIGN makes the email required. `onRegistered` gets the address used. */
export function SignUpForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const policy = usePasswordPolicy();
  const registration = useRegister();
  const alert = registration.isError ? splitRequestError(registration.error, FIELDS).alert : null;

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    set(field, event.currentTarget.value);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The device's time zone goes along, so the patient's "today" is their own from the start.
    const timezone = deviceTimeZone();
    const parsed = registerRequestSchema.safeParse(timezone ? { ...values, timezone } : values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      registration.reset();
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    registration.mutate(parsed.data, {
      onSuccess: (user) => {
        // SPEC §4: a successful registration clears the form and goes to sign-in.
        setValues(EMPTY);
        onRegistered(user.email);
      },
      onError: (error) => {
        setErrors(splitRequestError(error, FIELDS).fields);
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      },
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
            name="firstname"
            autoComplete="given-name"
            required
            value={values.firstname}
            onChange={change('firstname')}
            error={errors.firstname}
          />
          <TextInput
            label="Last Name"
            name="lastname"
            autoComplete="family-name"
            required
            value={values.lastname}
            onChange={change('lastname')}
            error={errors.lastname}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          description={<PasswordRules password={values.password} policy={policy} />}
          descriptionProps={{ component: 'div' }}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
        />
        <Radio.Group
          label="I am a"
          name="userType"
          required
          value={values.userType}
          onChange={(value) => set('userType', value)}
          error={errors.userType}
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
