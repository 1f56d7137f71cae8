import { Alert, Button, Group, Stack } from '@mantine/core';
import { REMINDER_SNOOZE_MINUTES } from '@tend/shared';
import { useMarkReminderTaken, useSnoozeReminder } from '../api/reminder-actions';

const clock = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });

type Props = {
  token: string;
  title: string;
  /** What was done, for the item to say (these buttons go once the reminder is dealt with). */
  onDone: (message: string) => void;
};

/** A dose reminder's Taken and Snooze buttons; a failure is said in words beside them. */
export function ReminderActions({ token, title, onDone }: Props) {
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
          aria-label={`Taken: ${title}`}
          onClick={() => {
            snooze.reset();
            taken.mutate(token, { onSuccess: () => onDone('Marked as taken.') });
          }}
        >
          Taken
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={snooze.isPending}
          disabled={busy}
          aria-label={`Snooze ${REMINDER_SNOOZE_MINUTES} min: ${title}`}
          onClick={() => {
            taken.reset();
            snooze.mutate(token, {
              onSuccess: (until) => onDone(`Tend will remind you again at ${clock(until)}.`),
            });
          }}
        >
          Snooze {REMINDER_SNOOZE_MINUTES} min
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
