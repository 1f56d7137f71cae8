import { Loader, Stack } from '@mantine/core';
import type { UserType } from '@tend/shared';
import type { ReactNode } from 'react';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { useMe } from '../../../lib/me';
import { ProfileSummary } from '../components/profile-summary';

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
  const me = useMe();
  const heading = me.isSuccess ? `Hello, ${me.data.firstname}` : 'Dashboard';
  return (
    <AreaPage heading={heading} documentTitle="Dashboard" intro="Your Tend account at a glance.">
      <Stack gap="lg">
        {panels}
        {me.isPending && <Loader aria-label="Loading your profile" />}
        {me.isError && (
          <QueryError
            title="We could not load your profile"
            error={me.error}
            onRetry={() => void me.refetch()}
          />
        )}
        {me.isSuccess && (
          <ProfileSummary profile={me.data} settingsPath={`/${userType}/profile-settings`} />
        )}
      </Stack>
    </AreaPage>
  );
}
