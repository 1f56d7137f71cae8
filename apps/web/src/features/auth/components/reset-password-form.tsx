import { Anchor, Button, Stack } from '@mantine/core';
import { passwordResetConfirmSchema } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NewPasswordField } from '../../../components/new-password-field';
import { PasswordField } from '../../../components/password-field';
import { ApiRequestError } from '../../../lib/api-client';
import type { FieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useResetPassword, type ResetOutcome } from '../api/confirm-password-reset';
import { i18n } from '../../../i18n/i18n';
import { useAuthT } from '../i18n';
import { LinkProblem } from './link-problem';
import { FailureAlert } from '../../../components/failure-alert';

/** A new password typed twice: the reset form's, and a dependent's own sign-in's. */
export type NewPasswordValues = { newPassword: string; confirmPassword: string };
type Values = NewPasswordValues;
export const NO_NEW_PASSWORD: Values = { newPassword: '', confirmPassword: '' };
const EMPTY = NO_NEW_PASSWORD;

/** The second typing's error, if it is empty or differs from the first. */
export function confirmationError({
  newPassword,
  confirmPassword,
}: Values): FieldErrors<keyof Values> {
  if (confirmPassword === '') return { confirmPassword: i18n.t('auth:reset.typeAgain') };
  if (confirmPassword !== newPassword) {
    return { confirmPassword: i18n.t('auth:reset.noMatch') };
  }
  return {};
}

type Props = {
  token: string;
  /** The new password is set; the outcome holds the session when signing in with it worked. */
  onDone: (outcome: ResetOutcome) => void;
};

/** The page the emailed link opens: a new password under the sign-up policy, then straight in. */
export function ResetPasswordForm({ token, onDone }: Props) {
  const { t } = useAuthT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(EMPTY, formRef);
  const confirm = useResetPassword();
  const linkProblem =
    confirm.error instanceof ApiRequestError && confirm.error.code === 'invalid_or_expired_link'
      ? confirm.error.message
      : null;
  const alert = linkProblem ? null : form.alertFor(confirm.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { token, newPassword: form.values.newPassword };
    const body = form.validate(passwordResetConfirmSchema, input, confirmationError(form.values));
    if (!body) return confirm.reset();
    confirm.mutate(body, { onSuccess: onDone, onError: form.showRequestError });
  };

  if (linkProblem) {
    return (
      <LinkProblem title={t('reset.linkBroken')}>
        {linkProblem}
        <Anchor
          component={Link}
          to="/forgot-password"
          display="block"
          mt="xs"
          fw={600}
          c="red.9"
          underline="always"
        >
          {t('reset.askNewLink')}
        </Anchor>
      </LinkProblem>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FailureAlert title={t('reset.failure')} message={alert} />
        <NewPasswordField label={t('reset.newPassword')} {...form.field('newPassword')} />
        <PasswordField
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <Button type="submit" size="md" loading={confirm.isPending} mt="xs">
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
