import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';
import { useCommonT } from '../i18n/common';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The action is under way: both buttons wait, and the dialog cannot be dismissed. */
  pending: boolean;
  /** Why the last attempt failed, in words (shown inside the dialog). */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Runs once the dialog has fully closed (for moving focus when its opener is gone). */
  onClosed?: () => void;
};

/**
 * A question before something that cannot be undone. Focus starts on the safe choice, stays inside
 * while open, and returns to the button that opened it (Mantine's Modal does both).
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
  onCancel,
  onClosed,
}: Props) {
  const { t } = useCommonT();
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <DialogFrame
      opened={opened}
      onClose={cancel}
      onExitTransitionEnd={onClosed}
      title={title}
      closeLabel={t('dialog.close')}
      closeDisabled={pending}
    >
      <Stack gap="md">
        <Text>{children}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
