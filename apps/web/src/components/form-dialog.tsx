import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
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
    // Built from Modal's parts, as ConfirmDialog is: the all-in-one Modal's <header> would be a
    // second page banner for screen readers.
    <Modal.Root opened={opened} onClose={close} centered size={size} fullScreen={phone}>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" wrap="nowrap" px="md" pt="md">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('dialog.close')} disabled={pending} />
        </Group>
        <Modal.Body pt="md">
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
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
