import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { AccessLogList } from '../components/access-log-list';
import { DoctorSearch } from '../components/doctor-search';
import { SharingList } from '../components/sharing-list';

/** /patient/doctors: share medications with a doctor, stop sharing, and see who looked. */
export function MyDoctorsPage() {
  return (
    <AreaPage
      heading="My Doctors"
      intro="Choose which doctors can follow your medications, and see when they looked."
    >
      <Stack gap="lg">
        <SharingList />
        <DoctorSearch />
        <AccessLogList />
      </Stack>
    </AreaPage>
  );
}
