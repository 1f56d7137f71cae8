import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { reminderTimesSchema, type NotificationSettings, type ReminderTimes } from '@tend/shared';
import { useRef, useState, type FormEvent } from 'react';
import { TIME_OF_DAY_LABELS } from '../../../lib/time-of-day';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveNotificationSettings } from '../api/notification-settings';

export const REMINDER_TIMES_SAVED =
  'Saved. Today’s reminders that have not gone out yet follow the new times.';

const SLOTS = ['day', 'afternoon', 'night'] as const;

/** When each time of day's dose reminder goes out, in the person's own time zone. */
export function ReminderTimesForm({ settings }: { settings: NotificationSettings }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const form = useSchemaForm<ReminderTimes>(() => settings.remindertimes, formRef, {
    onEdit: () => setStatus(null),
  });
  const save = useSaveNotificationSettings();
  const alert = form.alertFor(save.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    const remindertimes = form.validate(reminderTimesSchema, form.values);
    if (!remindertimes) return;
    save.mutate(
      { ...settings, remindertimes },
      {
        onSuccess: (saved) => {
          form.reset(saved.remindertimes);
          setStatus(REMINDER_TIMES_SAVED);
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" maw={560}>
          {SLOTS.map((slot) => (
            <TextInput
              key={slot}
              type="time"
              label={`${TIME_OF_DAY_LABELS[slot]} doses`}
              {...form.field(slot)}
            />
          ))}
        </SimpleGrid>
        {alert && (
          <Alert color="red" variant="light" title="Your reminder times were not saved">
            {alert}
          </Alert>
        )}
        <Group gap="md">
          <Button type="submit" loading={save.isPending}>
            Save reminder times
          </Button>
          <div role="status">
            {status && (
              <Text fw={600} c="tend.9">
                {status}
              </Text>
            )}
          </div>
        </Group>
      </Stack>
    </form>
  );
}
