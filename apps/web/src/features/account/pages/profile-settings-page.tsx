import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Profile } from '@tend/shared';
import { AreaPage } from '../../../components/area-page';
import { useMe } from '../../../lib/me';
import { AvatarSection } from '../components/avatar-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { PharmacyDetailsForm } from '../components/pharmacy-details-form';
import { ProfileForm } from '../components/profile-form';
import { useAccountT } from '../i18n';
import { QueryProgress } from '../../../components/query-progress';

/**
 * /…/profile-settings. `recordSection` adds what another feature offers about the person's record
 * above the danger zone (the app's composition: a patient's FHIR download).
 */
export function ProfileSettingsPage({
  recordSection,
}: {
  recordSection?: (profile: Profile) => ReactNode;
}) {
  const { t } = useAccountT();
  const me = useMe();
  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      <QueryProgress query={me} loading={t('page.loading')} failed={t('page.loadError')} />
      {me.isSuccess && (
        <Stack gap="lg">
          <AvatarSection profile={me.data} />
          {me.data.pharmacy && (
            <PharmacyDetailsForm key={`pharmacy-${me.data._id}`} pharmacy={me.data.pharmacy} />
          )}
          {/* Keyed by account: a different person's data must never seed this form. */}
          <ProfileForm key={me.data._id} profile={me.data} />
          {recordSection?.(me.data)}
          <DeleteAccountSection />
        </Stack>
      )}
    </AreaPage>
  );
}
