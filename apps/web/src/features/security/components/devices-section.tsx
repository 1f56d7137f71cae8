import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { DeviceSession } from '@tend/shared';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { useMe } from '../../../lib/me';
import { useDeviceSessions, useEndDeviceSession } from '../api/device-sessions';
import { SettingsSection } from '../../../components/settings-section';
import { dateTimeFormat } from '../../../i18n/format';
import { useSecurityT } from '../i18n';
import { SignOutEverywhere } from './sign-out-everywhere';
import { LiveStatus } from '../../../components/live-status';
import { PlainList } from '../../../components/plain-list';

function when(iso: string, timeZone: string) {
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** Where this account is signed in, each with "Sign out" (after a question). */
export function DevicesSection() {
  const { t } = useSecurityT();
  const sessions = useDeviceSessions();
  const ending = useEndDeviceSession();
  const timeZone = useMe().data?.timezone ?? 'UTC';
  const statusRef = useRef<HTMLDivElement>(null);
  const { target, status, ask, dialog } = useConfirmedAction<DeviceSession>(
    ending,
    statusRef,
    (session) => t('devices.signedOut', { device: session.device }),
  );
  const all = sessions.data?.pages.flatMap((page) => page.sessions) ?? [];

  return (
    <SettingsSection title={t('devices.title')} intro={t('devices.intro')}>
      <LiveStatus status={status} ref={statusRef} />
      {sessions.isPending && <Loader role="status" aria-label={t('devices.loading')} />}
      {sessions.isError && (
        <QueryError
          title={t('devices.loadError')}
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      )}
      {sessions.isSuccess && (
        <PlainList gap="sm">
          {all.map((session) => (
            <Paper component="li" key={session._id} withBorder radius="md" p="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconDeviceDesktop size={24} aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{session.device}</Text>
                      {session.current && (
                        <Badge color="tend" variant="light">
                          {t('devices.thisDevice')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t('devices.when', {
                        signedIn: when(session.createdAt, timeZone),
                        lastActive: when(session.lastusedat, timeZone),
                      })}
                    </Text>
                  </Stack>
                </Group>
                {!session.current && (
                  <Button
                    variant="outline"
                    color="red.9"
                    leftSection={<IconLogout size={18} aria-hidden />}
                    aria-label={t('devices.signOutLabel', {
                      device: session.device,
                      signedIn: when(session.createdAt, timeZone),
                    })}
                    onClick={() => ask(session)}
                  >
                    {t('devices.signOut')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </PlainList>
      )}
      <LoadMoreButton query={sessions} label={t('devices.loadMore')} />
      <SignOutEverywhere />
      <ConfirmDialog
        {...dialog}
        title={t('devices.confirmTitle')}
        confirmLabel={t('devices.signOut')}
        cancelLabel={t('devices.cancel')}
      >
        {target
          ? t('devices.confirmText', { device: target.device })
          : t('devices.confirmTextNoName')}
      </ConfirmDialog>
    </SettingsSection>
  );
}
