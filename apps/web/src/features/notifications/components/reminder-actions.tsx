import { Alert, Button, Group, Stack } from '@mantine/core';
import { REMINDER_SNOOZE_MINUTES } from '@tend/shared';
import { dateTimeFormat } from '../../../i18n/format';
import { useMarkReminderTaken, useSnoozeReminder } from '../api/reminder-actions';
import { useNotificationsT } from '../i18n';

const clock = (iso: string) => dateTimeFormat({ timeStyle: 'short' }).format(new Date(iso));

type Props = {
  token: string;
  title: string;
  /** What was done, for the item to say (these buttons go once the reminder is dealt with). */
  onDone: (message: string) => void;
};

/** A dose reminder's Taken and Snooze buttons; a failure is said in words beside them. */
export function ReminderActions({ token, title, onDone }: Props) {
  const { t } = useNotificationsT();
  const taken = useMarkReminderTaken();
  const snooze = useSnoozeReminder();
  const failed = taken.error ?? snooze.error;
  const busy = taken.isPending || snooze.isPending;

  return (
    <Stack gap={6} mt={4}>
      <Group gap="xs">
        <Button
          size="compact-sm"
          loading={taken.isPending}
          disabled={busy}
          aria-label={t('reminder.takenLabel', { title })}
          onClick={() => {
            snooze.reset();
            taken.mutate(token, { onSuccess: () => onDone(t('reminder.markedTaken')) });
          }}
        >
          {t('reminder.taken')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={snooze.isPending}
          disabled={busy}
          aria-label={t('reminder.snoozeLabel', { minutes: REMINDER_SNOOZE_MINUTES, title })}
          onClick={() => {
            taken.reset();
            snooze.mutate(token, {
              onSuccess: (until) => onDone(t('reminder.snoozedUntil', { time: clock(until) })),
            });
          }}
        >
          {t('reminder.snooze', { minutes: REMINDER_SNOOZE_MINUTES })}
        </Button>
      </Group>
      {failed && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {failed.message}
        </Alert>
      )}
    </Stack>
  );
}
