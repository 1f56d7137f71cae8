import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { changePasswordRequestSchema } from '@tend/shared';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PasswordRules } from '../../../components/password-rules';
import {
  focusFirstInvalid,
  splitRequestError,
  zodFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';
import { usePasswordPolicy } from '../../../lib/password-policy';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from '../../../components/password-field';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { oldPassword: '', newPassword: '', confirmPassword: '' };

export const PASSWORD_CHANGED_MESSAGE = 'Password changed. Other devices have been signed out.';

/** SPEC §2: Old Password, New password, Confirm Password, Save Changes. */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const policy = usePasswordPolicy();
  const change = useChangePassword();
  const alert = change.isError ? splitRequestError(change.error, FIELDS).alert : null;

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (change.isSuccess) change.reset();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { confirmPassword, ...body } = values;
    const parsed = changePasswordRequestSchema.safeParse(body);
    const found: FieldErrors<Field> = parsed.success ? {} : zodFieldErrors(parsed.error);
    // Only the browser knows the confirmation; it never goes to the server.
    if (confirmPassword === '') found.confirmPassword = 'Type the new password again.';
    else if (confirmPassword !== values.newPassword)
      found.confirmPassword = 'The two new passwords do not match.';
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      change.reset();
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => setValues(EMPTY),
      onError: (error) => {
        setErrors(splitRequestError(error, FIELDS).fields);
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      },
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
            name="oldPassword"
            autoComplete="current-password"
            required
            value={values.oldPassword}
            onChange={set('oldPassword')}
            error={errors.oldPassword}
          />
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
            description={<PasswordRules password={values.newPassword} policy={policy} />}
            descriptionProps={{ component: 'div' }}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
          <PasswordField
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
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
