import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { ReportListSection } from '../components/report-list-section';
import { UploadReportForm } from '../components/upload-report-form';
import { useReportsT } from '../i18n';

/** /patient/medical-report: SPEC §2's file picker and Details list, for the patient's own record. */
export function PatientReportsPage() {
  const { t } = useReportsT();
  return (
    <AreaPage heading={t('pages.heading')} intro={t('pages.patientIntro')}>
      <Stack gap="lg">
        <UploadReportForm
          heading={t('pages.patientUpload')}
          description={t('pages.patientUploadText')}
        />
        <ReportListSection
          area="patient"
          heading={t('pages.patientList')}
          emptyText={t('pages.patientEmpty')}
        />
      </Stack>
    </AreaPage>
  );
}
