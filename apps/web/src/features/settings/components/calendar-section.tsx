import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryError } from '../../../components/query-error';
import { useCopyText } from '../../../components/use-copy-text';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';
import { SettingsSection } from '../../../components/settings-section';

/** The secret calendar address: copy it into a calendar app, or make a new one. */
export function CalendarSection({ patient }: { patient: boolean }) {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const clipboard = useCopyText();

  const copy = async (url: string) => {
    setStatus(null);
    if (await clipboard.copy(url)) {
      setStatus('Copied. Paste it where your calendar app asks for a calendar’s address.');
    }
  };

  const makeNew = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setStatus(
          'Here is your new address. The old one has stopped working: add the new one to your calendar app.',
        );
      },
    });

  return (
    <SettingsSection
      title="Calendar"
      intro={
        patient
          ? 'Your accepted visits and medication reminders in your own calendar app (Google, Apple, Outlook): subscribe to this address there. It updates by itself.'
          : 'Your accepted visits in your own calendar app (Google, Apple, Outlook): subscribe to this address there. It updates by itself.'
      }
    >
      {feed.isPending && <Loader role="status" aria-label="Loading your calendar address" />}
      {feed.isError && (
        <QueryError
          title="We could not load your calendar address"
          error={feed.error}
          onRetry={() => void feed.refetch()}
        />
      )}
      {feed.isSuccess && (
        <Stack gap="sm">
          <TextInput
            label="Your calendar address"
            description={`Anyone who has this address can see your visits${patient ? ' and medications' : ''}. Keep it to yourself.`}
            value={feed.data.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group gap="sm">
            <Button
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => void copy(feed.data.url)}
            >
              Copy address
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => {
                reset.reset();
                setStatus(null);
                setConfirming(true);
              }}
            >
              Make a new address
            </Button>
          </Group>
          {clipboard.failed && (
            <Alert color="orange" variant="light" role="alert">
              Your browser did not let Tend copy. Select the address above and copy it yourself.
            </Alert>
          )}
          <div role="status">{status && <Text size="sm">{status}</Text>}</div>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Make a new calendar address?"
        confirmLabel="Make a new address"
        cancelLabel="Keep this one"
        pending={reset.isPending}
        error={reset.isError ? reset.error.message : null}
        onConfirm={makeNew}
        onCancel={() => setConfirming(false)}
      >
        The address you have now stops working at once, and calendars subscribed to it stop
        updating. Do this if someone else may have it; then add the new address to your calendar
        app.
      </ConfirmDialog>
    </SettingsSection>
  );
}
