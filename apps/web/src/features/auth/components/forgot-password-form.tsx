import { Alert, Button, Stack, Text } from '@mantine/core';
import { passwordResetRequestSchema } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useAuthT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';
import { EmailField } from '../../../components/email-field';

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so the
 * page cannot be used to find out who uses Tend.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useAuthT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({ email: initialEmail }, formRef);
  const request = useRequestPasswordReset();
  const alert = form.alertFor(request.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(passwordResetRequestSchema, form.values);
    if (!body) return request.reset();
    request.mutate(body, { onError: form.showRequestError });
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FailureAlert title={t('forgot.failure')} message={alert} />
        <div role="status">
          {request.isSuccess && (
            <Alert color="tend" variant="light" title={t('forgot.checkEmail')}>
              <Text size="sm">{request.data}</Text>
              <Text size="sm" mt="xs">
                {t('forgot.noEmail')}
              </Text>
            </Alert>
          )}
        </div>
        <EmailField label={t('shared.email')} {...form.field('email')} />
        <Button type="submit" size="md" loading={request.isPending} mt="xs">
          {request.isSuccess ? t('forgot.sendAgain') : t('forgot.send')}
        </Button>
      </Stack>
    </form>
  );
}
