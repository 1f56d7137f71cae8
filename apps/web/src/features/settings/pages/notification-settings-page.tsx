import { Loader, Stack } from '@mantine/core';
import { REMINDER_FOLLOWUP_MINUTES } from '@tend/shared';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { useUserType } from '../../../lib/session';
import { useNotificationSettings } from '../api/notification-settings';
import { CalendarSection } from '../components/calendar-section';
import { DeliverySwitches } from '../components/delivery-switches';
import { ReminderTimesForm } from '../components/reminder-times-form';
import { SettingsSection } from '../../../components/settings-section';
import { READER, useSettingsT } from '../i18n';

/**
 * /patient/settings, /doctor/settings and /pharmacy/settings: how and when Tend reminds the
 * person, and their calendar of visits and doses (a pharmacy has neither, so no calendar).
 */
export function NotificationSettingsPage() {
  const { t } = useSettingsT();
  const userType = useUserType() ?? 'patient';
  const patient = userType === 'patient';
  const settings = useNotificationSettings();
  return (
    <AreaPage heading={t('page.heading')} intro={t(`page.intro${READER[userType]}`)}>
      <Stack gap="lg">
        {settings.isPending && <Loader role="status" aria-label={t('page.loading')} />}
        {settings.isError && (
          <QueryError
            title={t('page.loadError')}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        )}
        {settings.isSuccess && patient && (
          <SettingsSection
            title={t('reminderTimes.title')}
            intro={t('reminderTimes.intro', { count: REMINDER_FOLLOWUP_MINUTES / 60 })}
          >
            <ReminderTimesForm settings={settings.data} />
          </SettingsSection>
        )}
        {settings.isSuccess && (
          <SettingsSection title={t('delivery.title')} intro={t('delivery.intro')}>
            <DeliverySwitches settings={settings.data} userType={userType} />
          </SettingsSection>
        )}
        {userType !== 'pharmacy' && <CalendarSection patient={patient} />}
      </Stack>
    </AreaPage>
  );
}
