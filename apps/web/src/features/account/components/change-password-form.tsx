import { Paper, Stack } from '@mantine/core';
import { changePasswordRequestSchema } from '@tend/shared';
import type { TFunction } from 'i18next';
import { useRef, type FormEvent } from 'react';
import { NewPasswordField } from '../../../components/new-password-field';
import type { FieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangePassword } from '../api/change-password';
import { useAccountT } from '../i18n';
import { PasswordField } from '../../../components/password-field';
import { FailureAlert } from '../../../components/failure-alert';
import { FormFooter } from '../../../components/form-footer';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Only the browser knows the confirmation; it never goes to the server. */
function confirmationError(
  { newPassword, confirmPassword }: Values,
  t: TFunction,
): FieldErrors<keyof Values> {
  if (confirmPassword === '') return { confirmPassword: t('password.typeAgain') };
  if (confirmPassword !== newPassword) {
    return { confirmPassword: t('password.mismatch') };
  }
  return {};
}

/** SPEC §2: Old Password, New password, Confirm Password, Save Changes. */
export function ChangePasswordForm() {
  const { t } = useAccountT();
  const change = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(EMPTY, formRef, {
    // Editing again takes down the last "Password changed".
    onEdit: () => {
      if (change.isSuccess) change.reset();
    },
  });
  const alert = form.alertFor(change.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { confirmPassword: _, ...input } = form.values;
    const body = form.validate(
      changePasswordRequestSchema,
      input,
      confirmationError(form.values, t),
    );
    if (!body) return change.reset();
    change.mutate(body, {
      onSuccess: () => form.reset(EMPTY),
      onError: form.showRequestError,
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560}>
      <form ref={formRef} noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <FailureAlert title={t('password.notChanged')} message={alert} />
          <PasswordField
            label={t('password.old')}
            autoComplete="current-password"
            required
            {...form.field('oldPassword')}
          />
          <NewPasswordField label={t('password.new')} {...form.field('newPassword')} />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <FormFooter
            submitLabel={t('password.save')}
            pending={change.isPending}
            status={change.isSuccess ? t('password.changed') : null}
          />
        </Stack>
      </form>
    </Paper>
  );
}
