import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { ReportListSection } from '../components/report-list-section';
import { UploadReportForm } from '../components/upload-report-form';

/** /patient/medical-report: SPEC §2's file picker and Details list, for the patient's own record. */
export function PatientReportsPage() {
  return (
    <AreaPage
      heading="Medical Report"
      intro="Your lab results, scans and letters in one place. The doctors you share with can see them too."
    >
      <Stack gap="lg">
        <UploadReportForm
          heading="Upload a report"
          description="It is added to your record, where you and the doctors you share with can open it."
        />
        <ReportListSection
          area="patient"
          heading="Your reports"
          emptyText="Reports you or your doctors upload are listed here, newest first."
        />
      </Stack>
    </AreaPage>
  );
}
