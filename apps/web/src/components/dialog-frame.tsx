import { Group, Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = Pick<
  ModalRootProps,
  'opened' | 'onClose' | 'size' | 'fullScreen' | 'onExitTransitionEnd'
> & {
  title: string;
  /** The close button's name for screen readers. */
  closeLabel: string;
  /** While a request runs the dialog cannot be dismissed. */
  closeDisabled?: boolean;
  children: ReactNode;
};

/**
 * A centred dialog with its title and close button. Built from Modal's parts: the all-in-one Modal
 * wraps its title in a <header>, which inside a dialog counts as a second page banner for screen
 * readers. Focus stays inside while open and returns to the button that opened it.
 */
export function DialogFrame({ title, closeLabel, closeDisabled, children, ...root }: Props) {
  return (
    <Modal.Root centered {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" wrap="nowrap" px="md" pt="md">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} disabled={closeDisabled} />
        </Group>
        <Modal.Body pt="md">{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
