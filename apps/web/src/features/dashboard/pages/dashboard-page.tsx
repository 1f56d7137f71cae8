import { Stack } from '@mantine/core';
import type { UserType } from '@tend/shared';
import type { ReactNode } from 'react';
import { AreaPage } from '../../../components/area-page';
import { useMe } from '../../../lib/me';
import { ProfileSummary } from '../components/profile-summary';
import { useDashboardT } from '../i18n';
import { QueryProgress } from '../../../components/query-progress';

type Props = {
  userType: UserType;
  /**
   * What the other features show here (today's doses, the doctor's patients). The app hands them
   * in (app/dashboards.tsx), as a feature never reaches into another feature's folder (DESIGN).
   */
  panels?: ReactNode;
};

/** /patient and /doctor: a greeting, the person's own data at a glance, and their profile. */
export function DashboardPage({ userType, panels }: Props) {
  const { t } = useDashboardT();
  const me = useMe();
  const heading = me.isSuccess ? t('page.greeting', { name: me.data.firstname }) : t('page.title');
  return (
    <AreaPage heading={heading} documentTitle={t('page.title')} intro={t('page.intro')}>
      <Stack gap="lg">
        {panels}
        <QueryProgress
          query={me}
          loading={t('page.loadingProfile')}
          failed={t('page.profileFailed')}
        />
        {me.isSuccess && (
          <ProfileSummary profile={me.data} settingsPath={`/${userType}/profile-settings`} />
        )}
      </Stack>
    </AreaPage>
  );
}
