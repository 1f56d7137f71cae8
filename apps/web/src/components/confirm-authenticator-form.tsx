import { Button, Group, Stack } from '@mantine/core';
import { twoStepCodeRequestSchema, type TwoStepSetup } from '@tend/shared';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { useCommonT } from '../i18n/common';
import { useSchemaForm } from '../lib/use-schema-form';
import { AuthenticatorQr } from './authenticator-qr';
import { OneTimeCodeField } from './one-time-code-field';
import { FailureAlert } from './failure-alert';

type Props = {
  setup: TwoStepSetup;
  submitLabel: string;
  pending: boolean;
  /** The last attempt's error: a wrong code goes under the field, anything else in the alert. */
  error: unknown;
  /** Sends the first code; `onError` puts the server's answer on the form. */
  onConfirm: (body: { code: string }, onError: (error: unknown) => void) => void;
  /** Called instead when the typed code is not even six digits (to clear an old error). */
  onInvalid: () => void;
  /** More buttons beside the submit one (Cancel). */
  children?: ReactNode;
};

/**
 * Turning two-step sign-in on, wherever it happens (Sign-in and devices, or at sign-in when the
 * clinic requires it): the QR code and its key, then the first code from the app.
 */
export function ConfirmAuthenticatorForm({
  setup,
  submitLabel,
  pending,
  error,
  onConfirm,
  onInvalid,
  children,
}: Props) {
  const { t } = useCommonT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({ code: '' }, formRef);
  const alert = form.alertFor(error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(twoStepCodeRequestSchema, form.values);
    if (!body) return onInvalid();
    onConfirm(body, form.showRequestError);
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <AuthenticatorQr setup={setup} />
        <FailureAlert title={t('twoStep.notOnYet')} message={alert} />
        <OneTimeCodeField
          description={t('twoStep.codeDescription')}
          required
          {...form.field('code')}
        />
        <Group gap="sm">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          {children}
        </Group>
      </Stack>
    </form>
  );
}
