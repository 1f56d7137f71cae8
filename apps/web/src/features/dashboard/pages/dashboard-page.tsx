import { Loader } from '@mantine/core';
import type { UserType } from '@tend/shared';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { useMe } from '../../../lib/me';
import { ProfileSummary } from '../components/profile-summary';

/** /patient and /doctor: a greeting and the person's profile, nothing made up (DESIGN). */
function DashboardPage({ userType }: { userType: UserType }) {
  const me = useMe();
  const heading = me.isSuccess ? `Hello, ${me.data.firstname}` : 'Dashboard';
  return (
    <AreaPage heading={heading} documentTitle="Dashboard" intro="Your Tend account at a glance.">
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
    </AreaPage>
  );
}

export function PatientDashboardPage() {
  return <DashboardPage userType="patient" />;
}

export function DoctorDashboardPage() {
  return <DashboardPage userType="doctor" />;
}
