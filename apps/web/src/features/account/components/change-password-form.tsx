import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { changePasswordRequestSchema } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { NewPasswordField } from '../../../components/new-password-field';
import type { FieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from '../../../components/password-field';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

export const PASSWORD_CHANGED_MESSAGE = 'Password changed. Other devices have been signed out.';

/** Only the browser knows the confirmation; it never goes to the server. */
function confirmationError({ newPassword, confirmPassword }: Values): FieldErrors<keyof Values> {
  if (confirmPassword === '') return { confirmPassword: 'Type the new password again.' };
  if (confirmPassword !== newPassword) {
    return { confirmPassword: 'The two new passwords do not match.' };
  }
  return {};
}

/** SPEC §2: Old Password, New password, Confirm Password, Save Changes. */
export function ChangePasswordForm() {
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
    const body = form.validate(changePasswordRequestSchema, input, confirmationError(form.values));
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
          {alert && (
            <Alert color="red" variant="light" title="Your password was not changed">
              {alert}
            </Alert>
          )}
          <PasswordField
            label="Old Password"
            autoComplete="current-password"
            required
            {...form.field('oldPassword')}
          />
          <NewPasswordField label="New password" {...form.field('newPassword')} />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <Group gap="md">
            <Button type="submit" loading={change.isPending}>
              Save Changes
            </Button>
            <div role="status">
              {change.isSuccess && (
                <Text fw={600} c="tend.9">
                  {PASSWORD_CHANGED_MESSAGE}
                </Text>
              )}
            </div>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
