import { Alert, Button, Stack, Text } from '@mantine/core';
import { twoStepCodeRequestSchema, type TwoStepEnabledSession } from '@tend/shared';
import { useRef, useState, type FormEvent } from 'react';
import { AuthenticatorQr } from '../../../components/authenticator-qr';
import { OneTimeCodeField } from '../../../components/one-time-code-field';
import { RecoveryCodesList } from '../../../components/recovery-codes-list';
import { ApiRequestError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useEnableAtSignIn, useSetupAtSignIn } from '../api/two-step-sign-in';
import { ChallengeEnded } from './challenge-ended';
import { useBeginSession } from './use-begin-session';

/**
 * The clinic requires two-step sign-in of this person's role and they have not set it up: they do
 * it here, before any session exists (docs/decisions/021), and see their recovery codes once.
 */
export function TwoStepSetupStep({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({ code: '' }, formRef);
  const setup = useSetupAtSignIn();
  const enable = useEnableAtSignIn();
  const beginSession = useBeginSession();
  const [done, setDone] = useState<TwoStepEnabledSession | null>(null);
  const failure = setup.error ?? enable.error;
  const ended = failure instanceof ApiRequestError && failure.status === 401;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(twoStepCodeRequestSchema, form.values);
    if (!body) return enable.reset();
    enable.mutate({ challenge, ...body }, { onSuccess: setDone, onError: form.showRequestError });
  };

  if (ended) return <ChallengeEnded message={failure.message} onRestart={onRestart} />;

  if (done) {
    const { recoverycodes, ...session } = done;
    return (
      <Stack gap="md">
        <Text fw={600} role="status">
          Two-step sign-in is on.
        </Text>
        <RecoveryCodesList codes={recoverycodes} />
        <Button size="md" onClick={() => beginSession(session)}>
          I have saved my codes — continue
        </Button>
      </Stack>
    );
  }

  if (!setup.data) {
    return (
      <Stack gap="md">
        <Text>
          Your clinic asks everyone in your role to sign in with two steps: your password and a code
          from an app on your phone. It takes a minute to set up.
        </Text>
        {setup.error && (
          <Alert color="red" variant="light" role="alert">
            {setup.error.message}
          </Alert>
        )}
        <Button size="md" loading={setup.isPending} onClick={() => setup.mutate(challenge)}>
          Set up two-step sign-in
        </Button>
      </Stack>
    );
  }

  const alert = form.alertFor(enable.error);
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <AuthenticatorQr setup={setup.data} />
        {alert && (
          <Alert color="red" variant="light" title="Two-step sign-in is not on yet">
            {alert}
          </Alert>
        )}
        <OneTimeCodeField
          description="Type the code the app shows for Tend."
          required
          {...form.field('code')}
        />
        <Button type="submit" size="md" loading={enable.isPending}>
          Turn on and sign in
        </Button>
      </Stack>
    </form>
  );
}
