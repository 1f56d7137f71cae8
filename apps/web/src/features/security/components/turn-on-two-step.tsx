import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { twoStepCodeRequestSchema, twoStepSetupRequestSchema } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { AuthenticatorQr } from '../../../components/authenticator-qr';
import { OneTimeCodeField } from '../../../components/one-time-code-field';
import { PasswordField } from '../../../components/password-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useEnableTwoStep, useStartTwoStep } from '../api/two-step-changes';

/**
 * Turning two-step sign-in on: the password, then the QR code and the first code from the app,
 * which turns it on and brings the recovery codes (onEnabled).
 */
export function TurnOnTwoStep({
  required,
  onEnabled,
}: {
  required: boolean;
  onEnabled: (codes: string[]) => void;
}) {
  const passwordRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLFormElement>(null);
  const passwordForm = useSchemaForm({ password: '' }, passwordRef);
  const codeForm = useSchemaForm({ code: '' }, codeRef);
  const start = useStartTwoStep();
  const enable = useEnableTwoStep();

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = passwordForm.validate(twoStepSetupRequestSchema, passwordForm.values);
    if (!body) return start.reset();
    start.mutate(body, { onError: passwordForm.showRequestError });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = codeForm.validate(twoStepCodeRequestSchema, codeForm.values);
    if (!body) return enable.reset();
    enable.mutate(body, {
      onSuccess: ({ recoverycodes }) => onEnabled(recoverycodes),
      onError: codeForm.showRequestError,
    });
  };

  if (!start.data) {
    const alert = passwordForm.alertFor(start.error);
    return (
      <form ref={passwordRef} noValidate onSubmit={submitPassword}>
        <Stack gap="md" maw={480}>
          <Text>
            {required
              ? 'Your clinic requires two-step sign-in for your account.'
              : 'Two-step sign-in is off.'}{' '}
            To turn it on you need an authenticator app on your phone. First, confirm it is you.
          </Text>
          {alert && (
            <Alert color="red" variant="light" title="We could not start">
              {alert}
            </Alert>
          )}
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            required
            {...passwordForm.field('password')}
          />
          <Group>
            <Button type="submit" loading={start.isPending}>
              Turn on two-step sign-in
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const alert = codeForm.alertFor(enable.error);
  return (
    <form ref={codeRef} noValidate onSubmit={submitCode}>
      <Stack gap="md">
        <AuthenticatorQr setup={start.data} />
        {alert && (
          <Alert color="red" variant="light" title="Two-step sign-in is not on yet">
            {alert}
          </Alert>
        )}
        <OneTimeCodeField
          description="Then type the code the app shows for Tend."
          required
          {...codeForm.field('code')}
        />
        <Group gap="sm">
          <Button type="submit" loading={enable.isPending}>
            Turn on
          </Button>
          <Button
            variant="default"
            onClick={() => {
              start.reset();
              enable.reset();
              passwordForm.reset({ password: '' });
              codeForm.reset({ code: '' });
            }}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
