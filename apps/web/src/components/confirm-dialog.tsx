import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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
    // Built from Modal's parts: the all-in-one Modal wraps its title in a <header>, which inside a
    // dialog counts as a second page banner for screen readers.
    <Modal.Root opened={opened} onClose={cancel} onExitTransitionEnd={onClosed} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" wrap="nowrap" px="md" pt="md">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('dialog.close')} disabled={pending} />
        </Group>
        <Modal.Body pt="md">
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
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
