import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';
import { useCommonT } from '../i18n/common';

type Props = {
  opened: boolean;
  title: string;
  /** Shown under the fields when the request failed, in the server's words. */
  error: string | null;
  pending: boolean;
  submitLabel: string;
  /** null: the dialog only informs (View) and has a Close button alone. */
  onSubmit: (() => void) | null;
  onClose: () => void;
  children: ReactNode;
  size?: 'md' | 'lg';
};

/**
 * A dialog holding a small form. On a phone it fills the screen. Focus stays inside while open
 * and returns to the button that opened it; while the request runs it cannot be dismissed.
 */
export function FormDialog({
  opened,
  title,
  error,
  pending,
  submitLabel,
  onSubmit,
  onClose,
  children,
  size = 'md',
}: Props) {
  const { t } = useCommonT();
  const phone = useMediaQuery('(max-width: 36em)');
  const close = () => {
    if (!pending) onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <DialogFrame
      opened={opened}
      onClose={close}
      size={size}
      fullScreen={phone}
      title={title}
      closeLabel={t('dialog.close')}
      closeDisabled={pending}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {children}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {onSubmit ? t('dialog.goBack') : t('dialog.close')}
            </Button>
            {onSubmit && (
              <Button type="submit" loading={pending}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </DialogFrame>
  );
}
