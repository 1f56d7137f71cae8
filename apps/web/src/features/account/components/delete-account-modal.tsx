import { Button, Group, List, Stack, Text } from '@mantine/core';
import { deleteAccountRequestSchema } from '@tend/shared';
import { useState, type FormEvent } from 'react';
import { splitRequestError, zodFieldErrors } from '../../../lib/form-errors';
import { clearSession } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountT } from '../i18n';
import { PasswordField } from '../../../components/password-field';
import { DialogFrame } from '../../../components/dialog-frame';
import { FailureAlert } from '../../../components/failure-alert';

type Props = { opened: boolean; onClose: () => void };

/**
 * Confirms deletion with the password. Mantine's Modal traps focus, starts on the password field
 * (data-autofocus) and gives focus back to the button that opened it.
 */
export function DeleteAccountModal({ opened, onClose }: Props) {
  const { t } = useAccountT();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const deletion = useDeleteAccount();
  const alert = deletion.isError ? splitRequestError(deletion.error, ['password']).alert : null;

  const close = () => {
    if (deletion.isPending) return;
    setPassword('');
    setError(undefined);
    deletion.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = deleteAccountRequestSchema.safeParse({ password });
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).password);
    setError(undefined);
    deletion.mutate(parsed.data, {
      // The area's guard sees the session go and takes the person to / with this message.
      onSuccess: () =>
        clearSession({
          redirectTo: '/',
          notice: { tone: 'info', message: t('deleteAccount.deleted') },
        }),
      onError: (failure) => setError(splitRequestError(failure, ['password']).fields.password),
    });
  };

  return (
    <DialogFrame
      opened={opened}
      onClose={close}
      size="lg"
      title={t('deleteAccount.dialogTitle')}
      closeLabel={t('deleteAccount.close')}
    >
      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <Text>{t('deleteAccount.cannotUndo')}</Text>
          <List spacing={4}>
            <List.Item>{t('deleteAccount.removesProfile')}</List.Item>
            <List.Item>{t('deleteAccount.removesRecords')}</List.Item>
            <List.Item>{t('deleteAccount.removesSignIn')}</List.Item>
          </List>
          <FailureAlert title={t('deleteAccount.notDeleted')} message={alert} />
          <PasswordField
            label={t('deleteAccount.password')}
            description={t('deleteAccount.passwordDescription')}
            name="password"
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={deletion.isPending}>
              {t('deleteAccount.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={deletion.isPending}>
              {t('deleteAccount.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogFrame>
  );
}
