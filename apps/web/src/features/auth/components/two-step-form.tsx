import { Button, Stack, Text, TextInput } from '@mantine/core';
import { twoStepSignInRequestSchema } from '@tend/shared';
import { useRef, useState, type FormEvent } from 'react';
import { OneTimeCodeField } from '../../../components/one-time-code-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useFinishTwoStep } from '../api/two-step-sign-in';
import { ChallengeEnded } from './challenge-ended';
import { useAuthT } from '../i18n';
import { useBeginSession } from './use-begin-session';
import { FailureAlert } from '../../../components/failure-alert';

/** The second step of signing in: a code from the app, or one of the recovery codes. */
export function TwoStepForm({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: () => void;
}) {
  const { t } = useAuthT();
  const formRef = useRef<HTMLFormElement>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useSchemaForm({ code: '', recoverycode: '' }, formRef);
  const finish = useFinishTwoStep();
  const beginSession = useBeginSession();
  const failure = finish.error;
  const ended = failure instanceof ApiRequestError && failure.status === 401;
  const alert = ended ? null : form.alertFor(failure);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The request the server checks with the same schema: the challenge and one of the two codes.
    const body = form.validate(
      twoStepSignInRequestSchema,
      useRecovery
        ? { challenge, recoverycode: form.values.recoverycode }
        : { challenge, code: form.values.code },
    );
    if (!body) return finish.reset();
    finish.mutate(body, { onSuccess: beginSession, onError: form.showRequestError });
  };

  const switchMode = () => {
    finish.reset();
    setUseRecovery((value) => !value);
  };

  if (ended) return <ChallengeEnded message={failure.message} onRestart={onRestart} />;

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FailureAlert title={t('shared.cannotSignIn')} message={alert} />
        {useRecovery ? (
          <>
            <Text size="sm">{t('twoStep.recoveryText')}</Text>
            <TextInput
              label={t('twoStep.recoveryCode')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              {...form.field('recoverycode')}
            />
          </>
        ) : (
          <>
            <Text size="sm">{t('twoStep.appText')}</Text>
            <OneTimeCodeField required autoFocus {...form.field('code')} />
          </>
        )}
        <Button type="submit" size="md" loading={finish.isPending}>
          {t('twoStep.submit')}
        </Button>
        <Button variant="subtle" onClick={switchMode} style={{ alignSelf: 'flex-start' }}>
          {useRecovery ? t('twoStep.useApp') : t('twoStep.useRecovery')}
        </Button>
      </Stack>
    </form>
  );
}
