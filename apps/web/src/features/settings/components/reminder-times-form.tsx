import { SimpleGrid, Stack } from '@mantine/core';
import { reminderTimesSchema, type NotificationSettings, type ReminderTimes } from '@tend/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveNotificationSettings } from '../api/notification-settings';
import { useSettingsT } from '../i18n';
import { FormFooter } from '../../../components/form-footer';
import { TimeField } from '../../../components/date-time-fields';

const SLOTS = ['day', 'afternoon', 'night'] as const;

/** When each time of day's dose reminder goes out, in the person's own time zone. */
export function ReminderTimesForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useSettingsT();
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
          setStatus(t('reminderTimes.saved'));
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" maw={560}>
          {SLOTS.map((slot) => (
            <TimeField key={slot} label={t(`reminderTimes.${slot}`)} {...form.valueField(slot)} />
          ))}
        </SimpleGrid>
        <FormFooter
          failure={{ title: t('reminderTimes.notSaved'), message: alert }}
          submitLabel={t('reminderTimes.save')}
          pending={save.isPending}
          status={status}
        />
      </Stack>
    </form>
  );
}
