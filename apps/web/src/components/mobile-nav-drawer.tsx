import { Drawer, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCommonT } from '../i18n/common';
import { AccountActions } from './account-actions';
import { LanguagePicker } from './language-picker';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Called once the drawer has finished closing. */
  onClosed: () => void;
  /** The same section links as the desktop bar, styled for the drawer. */
  links: ReactNode;
};

// Built from Drawer's parts because the all-in-one Drawer wraps its title in a <header>, which
// inside a dialog counts as a second page banner for screen readers.
export function MobileNavDrawer({ opened, onClose, onClosed, links }: Props) {
  const { t } = useCommonT();
  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      position="right"
      size="xs"
      hiddenFrom="lg"
    >
      <Drawer.Overlay />
      <Drawer.Content>
        <Group justify="space-between" px="md" py="sm">
          <Drawer.Title fw={700}>{t('mobileNav.title')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('mobileNav.close')} />
        </Group>
        <Drawer.Body>
          <Stack gap="lg">
            <nav aria-label={t('mobileNav.nav')}>{links}</nav>
            {/* From a tablet's width these are in the bar itself. */}
            <Stack gap="lg" hiddenFrom="sm">
              <Stack gap="sm">
                <AccountActions onNavigate={onClose} fullWidth />
              </Stack>
              <LanguagePicker />
            </Stack>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
