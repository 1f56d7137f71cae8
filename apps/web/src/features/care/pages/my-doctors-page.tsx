import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { useActingFor } from '../../../lib/acting-for';
import { AccessLogList } from '../components/access-log-list';
import { DoctorSearch } from '../components/doctor-search';
import { SharingList } from '../components/sharing-list';
import { useCareT } from '../i18n';

/** /patient/doctors: share medications with a doctor, stop sharing, and see who looked. */
export function MyDoctorsPage() {
  const { t } = useCareT();
  // The access log is the patient's own, never shown while looking after someone else's record.
  const own = useActingFor() === null;
  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      <Stack gap="lg">
        <SharingList />
        <DoctorSearch />
        {own && <AccessLogList />}
      </Stack>
    </AreaPage>
  );
}
