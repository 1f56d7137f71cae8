import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { twoStepDisableRequestSchema } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { OneTimeCodeField } from '../../../components/one-time-code-field';
import { PasswordField } from '../../../components/password-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDisableTwoStep } from '../api/two-step-changes';
import { useSecurityT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * Turning two-step sign-in off needs both: the password and a code from the app. Once off, this
 * form goes with the rest of the "on" view; `onTurnedOff` is where the section says so.
 */
export function TurnOffTwoStep({ onTurnedOff }: { onTurnedOff: () => void }) {
  const { t } = useSecurityT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({ password: '', code: '' }, formRef);
  const disable = useDisableTwoStep();
  const alert = form.alertFor(disable.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(twoStepDisableRequestSchema, form.values);
    if (!body) return disable.reset();
    disable.mutate(body, { onSuccess: onTurnedOff, onError: form.showRequestError });
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="sm" maw={480}>
        <Title order={3} size="h5">
          {t('turnOff.title')}
        </Title>
        <Text size="sm">{t('turnOff.intro')}</Text>
        <FailureAlert title={t('turnOff.stillOn')} message={alert} />
        <PasswordField
          label={t('turnOff.password')}
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <OneTimeCodeField id="turn-off-code" required {...form.field('code')} />
        <Group>
          <Button type="submit" variant="outline" color="red.9" loading={disable.isPending}>
            {t('turnOff.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
