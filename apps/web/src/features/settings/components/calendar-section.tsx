import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryError } from '../../../components/query-error';
import { useCopyText } from '../../../components/use-copy-text';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';
import { SettingsSection } from '../../../components/settings-section';
import { useSettingsT } from '../i18n';

/** The secret calendar address: copy it into a calendar app, or make a new one. */
export function CalendarSection({ patient }: { patient: boolean }) {
  const { t } = useSettingsT();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const clipboard = useCopyText();

  const copy = async (url: string) => {
    setStatus(null);
    if (await clipboard.copy(url)) {
      setStatus(t('calendar.copied'));
    }
  };

  const makeNew = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setStatus(t('calendar.renewed'));
      },
    });

  return (
    <SettingsSection
      title={t('calendar.title')}
      intro={patient ? t('calendar.introPatient') : t('calendar.introDoctor')}
    >
      {feed.isPending && <Loader role="status" aria-label={t('calendar.loading')} />}
      {feed.isError && (
        <QueryError
          title={t('calendar.loadError')}
          error={feed.error}
          onRetry={() => void feed.refetch()}
        />
      )}
      {feed.isSuccess && (
        <Stack gap="sm">
          <TextInput
            label={t('calendar.address')}
            description={
              patient
                ? t('calendar.addressDescriptionPatient')
                : t('calendar.addressDescriptionDoctor')
            }
            value={feed.data.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group gap="sm">
            <Button
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => void copy(feed.data.url)}
            >
              {t('calendar.copy')}
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
              {t('calendar.makeNew')}
            </Button>
          </Group>
          {clipboard.failed && (
            <Alert color="orange" variant="light" role="alert">
              {t('calendar.copyFailed')}
            </Alert>
          )}
          <div role="status">{status && <Text size="sm">{status}</Text>}</div>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('calendar.confirmTitle')}
        confirmLabel={t('calendar.makeNew')}
        cancelLabel={t('calendar.keep')}
        pending={reset.isPending}
        error={reset.isError ? reset.error.message : null}
        onConfirm={makeNew}
        onCancel={() => setConfirming(false)}
      >
        {t('calendar.confirmText')}
      </ConfirmDialog>
    </SettingsSection>
  );
}
