import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { signInRequestSchema } from '@tend/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  focusFirstInvalid,
  splitRequestError,
  zodFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';
import { startSessionRefresh, storeSession } from '../../../lib/session-refresh';
import { useSignIn } from '../api/sign-in';
import { PasswordField } from '../../../components/password-field';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Email and password (SPEC §2). On success the session is stored; the page, which follows the
 * session, then takes the person to their area.
 */
export function SignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [values, setValues] = useState<Record<Field, string>>({
    email: initialEmail,
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const alert = signIn.isError ? splitRequestError(signIn.error, FIELDS).alert : null;

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = signInRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      signIn.reset();
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onSuccess: (session) => {
        // Nothing cached for whoever used this tab before may show for this person.
        queryClient.clear();
        storeSession(session);
        startSessionRefresh();
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
          <Alert color="red" variant="light" title="We couldn't sign you in">
            {alert}
          </Alert>
        )}
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
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Button type="submit" size="md" loading={signIn.isPending} mt="xs">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
