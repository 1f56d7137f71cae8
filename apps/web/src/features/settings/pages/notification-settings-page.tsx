import { Loader, Stack } from '@mantine/core';
import { REMINDER_FOLLOWUP_MINUTES, type UserType } from '@tend/shared';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { useUserType } from '../../../lib/session';
import { useNotificationSettings } from '../api/notification-settings';
import { CalendarSection } from '../components/calendar-section';
import { DeliverySwitches } from '../components/delivery-switches';
import { ReminderTimesForm } from '../components/reminder-times-form';
import { SettingsSection } from '../../../components/settings-section';

const INTROS: Record<UserType, string> = {
  patient:
    'When Tend reminds you of your doses, how reminders reach you, and your visits and doses in your own calendar.',
  doctor: 'How reminders of your visits reach you, and your visits in your own calendar.',
  pharmacy: 'How Tend’s notices reach your pharmacy, besides the bell.',
};

/**
 * /patient/settings, /doctor/settings and /pharmacy/settings: how and when Tend reminds the
 * person, and their calendar of visits and doses (a pharmacy has neither, so no calendar).
 */
export function NotificationSettingsPage() {
  const userType = useUserType() ?? 'patient';
  const patient = userType === 'patient';
  const settings = useNotificationSettings();
  return (
    <AreaPage heading="Notification settings" intro={INTROS[userType]}>
      <Stack gap="lg">
        {settings.isPending && <Loader role="status" aria-label="Loading your settings" />}
        {settings.isError && (
          <QueryError
            title="We could not load your notification settings"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        )}
        {settings.isSuccess && patient && (
          <SettingsSection
            title="Reminder times"
            intro={`Each medication is due in the day, the afternoon or the night. Tend reminds you at these times (in your time zone from Profile Settings), and once more ${REMINDER_FOLLOWUP_MINUTES / 60} hours later if the dose is still not ticked.`}
          >
            <ReminderTimesForm settings={settings.data} />
          </SettingsSection>
        )}
        {settings.isSuccess && (
          <SettingsSection
            title="How reminders reach you"
            intro="Every reminder is in Tend’s bell. It can also come by email, or pop up in this browser."
          >
            <DeliverySwitches settings={settings.data} userType={userType} />
          </SettingsSection>
        )}
        {userType !== 'pharmacy' && <CalendarSection patient={patient} />}
      </Stack>
    </AreaPage>
  );
}
