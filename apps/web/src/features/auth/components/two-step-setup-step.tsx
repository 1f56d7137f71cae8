// Mantine's styles this step adds to the sign-in page's own (app/sign-in-styles.ts): the QR code
// (Image), its key (Code) and the recovery codes (List). They load with this step, which the
// sign-in page loads only when it is needed.
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/List.layer.css';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { TwoStepEnabledSession } from '@tend/shared';
import { useState } from 'react';
import { ConfirmAuthenticatorForm } from '../../../components/confirm-authenticator-form';
import { RecoveryCodesList } from '../../../components/recovery-codes-list';
import { ApiRequestError } from '../../../lib/api-client';
import { useEnableAtSignIn, useSetupAtSignIn } from '../api/two-step-sign-in';
import { ChallengeEnded } from './challenge-ended';
import { useAuthT } from '../i18n';
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
  const { t } = useAuthT();
  const setup = useSetupAtSignIn();
  const enable = useEnableAtSignIn();
  const beginSession = useBeginSession();
  const [done, setDone] = useState<TwoStepEnabledSession | null>(null);
  const failure = setup.error ?? enable.error;
  const ended = failure instanceof ApiRequestError && failure.status === 401;

  if (ended) return <ChallengeEnded message={failure.message} onRestart={onRestart} />;

  if (done) {
    const { recoverycodes, ...session } = done;
    return (
      <Stack gap="md">
        <Text fw={600} role="status">
          {t('setup.on')}
        </Text>
        <RecoveryCodesList codes={recoverycodes} />
        <Button
          size="md"
          // The label wraps on a phone rather than being cut off (a Button keeps one line).
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
          onClick={() => beginSession(session)}
        >
          {t('setup.continue')}
        </Button>
      </Stack>
    );
  }

  if (!setup.data) {
    return (
      <Stack gap="md">
        <Text>{t('setup.text')}</Text>
        {setup.error && (
          <Alert color="red" variant="light" role="alert">
            {setup.error.message}
          </Alert>
        )}
        <Button size="md" loading={setup.isPending} onClick={() => setup.mutate(challenge)}>
          {t('setup.start')}
        </Button>
      </Stack>
    );
  }

  return (
    <ConfirmAuthenticatorForm
      setup={setup.data}
      submitLabel={t('setup.submit')}
      pending={enable.isPending}
      error={enable.error}
      onInvalid={enable.reset}
      onConfirm={(body, onError) =>
        enable.mutate({ challenge, ...body }, { onSuccess: setDone, onError })
      }
    />
  );
}
