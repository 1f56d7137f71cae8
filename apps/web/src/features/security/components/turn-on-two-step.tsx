import { Button, Group, Stack, Text } from '@mantine/core';
import { twoStepSetupRequestSchema } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { ConfirmAuthenticatorForm } from '../../../components/confirm-authenticator-form';
import { PasswordField } from '../../../components/password-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useEnableTwoStep, useStartTwoStep } from '../api/two-step-changes';
import { useSecurityT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * Turning two-step sign-in on: the password, then the QR code and the first code from the app,
 * which turns it on and brings the recovery codes (onEnabled).
 */
export function TurnOnTwoStep({
  required,
  offSaid = false,
  onEnabled,
}: {
  required: boolean;
  /** The section has just said it is off (turned off here): not said twice. */
  offSaid?: boolean;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useSecurityT();
  const passwordRef = useRef<HTMLFormElement>(null);
  const passwordForm = useSchemaForm({ password: '' }, passwordRef);
  const start = useStartTwoStep();
  const enable = useEnableTwoStep();

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = passwordForm.validate(twoStepSetupRequestSchema, passwordForm.values);
    if (!body) return start.reset();
    start.mutate(body, { onError: passwordForm.showRequestError });
  };

  if (!start.data) {
    const alert = passwordForm.alertFor(start.error);
    return (
      <form ref={passwordRef} noValidate onSubmit={submitPassword}>
        <Stack gap="md" maw={480}>
          <Text>
            {required && `${t('twoStep.clinicRequires')} `}
            {!required && !offSaid && `${t('turnOn.isOff')} `}
            {t('turnOn.intro')}
          </Text>
          <FailureAlert title={t('turnOn.startFailed')} message={alert} />
          <PasswordField
            label={t('turnOn.password')}
            autoComplete="current-password"
            required
            {...passwordForm.field('password')}
          />
          <Group>
            <Button type="submit" loading={start.isPending}>
              {t('turnOn.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <ConfirmAuthenticatorForm
      setup={start.data}
      submitLabel={t('turnOn.confirm')}
      pending={enable.isPending}
      error={enable.error}
      onInvalid={enable.reset}
      onConfirm={(body, onError) =>
        enable.mutate(body, { onSuccess: ({ recoverycodes }) => onEnabled(recoverycodes), onError })
      }
    >
      <Button
        variant="default"
        onClick={() => {
          start.reset();
          enable.reset();
          passwordForm.reset({ password: '' });
        }}
      >
        {t('turnOn.cancel')}
      </Button>
    </ConfirmAuthenticatorForm>
  );
}
