import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { CsvImportExport } from '../components/csv-import';
import { HealthCharts } from '../components/health-charts';
import { HealthStatusPanel } from '../components/health-status-panel';
import { ReadingsList } from '../components/readings-list';

/** /patient/health: the latest readings, a chart per kind, every reading, import and export. */
export function HealthPage() {
  return (
    <AreaPage
      heading="Health"
      intro="Your readings — weight, blood pressure, heart rate, glucose and more — and how they change."
    >
      <Stack gap="xl">
        <HealthStatusPanel patientId={null} />
        <HealthCharts patientId={null} />
        <ReadingsList patientId={null} />
        <CsvImportExport />
      </Stack>
    </AreaPage>
  );
}
