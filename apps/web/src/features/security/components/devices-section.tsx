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

function when(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** Where this account is signed in, each with "Sign out" (after a question). */
export function DevicesSection() {
  const sessions = useDeviceSessions();
  const ending = useEndDeviceSession();
  const timeZone = useMe().data?.timezone ?? 'UTC';
  const statusRef = useRef<HTMLDivElement>(null);
  const { target, status, ask, dialog } = useConfirmedAction<DeviceSession>(
    ending,
    statusRef,
    (session) => `${session.device} is signed out.`,
  );
  const all = sessions.data?.pages.flatMap((page) => page.sessions) ?? [];

  return (
    <SettingsSection
      title="Signed-in devices"
      intro="Everywhere your account is signed in now. Sign out any device you do not recognise, then change your password."
    >
      <div role="status" ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {status && (
          <Text fw={600} c="tend.9">
            {status}
          </Text>
        )}
      </div>
      {sessions.isPending && <Loader role="status" aria-label="Loading your devices" />}
      {sessions.isError && (
        <QueryError
          title="We could not load your devices"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      )}
      {sessions.isSuccess && (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
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
                          This device
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {`Signed in ${when(session.createdAt, timeZone)} · last active ${when(session.lastusedat, timeZone)}`}
                    </Text>
                  </Stack>
                </Group>
                {!session.current && (
                  <Button
                    variant="outline"
                    color="red.9"
                    leftSection={<IconLogout size={18} aria-hidden />}
                    aria-label={`Sign out ${session.device}, signed in ${when(session.createdAt, timeZone)}`}
                    onClick={() => ask(session)}
                  >
                    Sign out
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <LoadMoreButton query={sessions} label="Load more devices" />
      <ConfirmDialog
        {...dialog}
        title="Sign out this device?"
        confirmLabel="Sign out"
        cancelLabel="Cancel"
      >
        {`${target?.device ?? 'That device'} will be signed out at once. Whoever uses it will need your password${' '}to sign in again.`}
      </ConfirmDialog>
    </SettingsSection>
  );
}
