import { Loader, Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { useMe } from '../../../lib/me';
import { AvatarSection } from '../components/avatar-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { PharmacyDetailsForm } from '../components/pharmacy-details-form';
import { ProfileForm } from '../components/profile-form';

export function ProfileSettingsPage() {
  const me = useMe();
  return (
    <AreaPage heading="Profile settings" intro="What Tend knows about you, and how to reach you.">
      {me.isPending && <Loader aria-label="Loading your profile" />}
      {me.isError && (
        <QueryError
          title="We could not load your profile"
          error={me.error}
          onRetry={() => void me.refetch()}
        />
      )}
      {me.isSuccess && (
        <Stack gap="lg">
          <AvatarSection profile={me.data} />
          {me.data.pharmacy && (
            <PharmacyDetailsForm key={`pharmacy-${me.data._id}`} pharmacy={me.data.pharmacy} />
          )}
          {/* Keyed by account: a different person's data must never seed this form. */}
          <ProfileForm key={me.data._id} profile={me.data} />
          <DeleteAccountSection />
        </Stack>
      )}
    </AreaPage>
  );
}
